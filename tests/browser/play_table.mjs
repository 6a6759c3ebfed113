// A person at the browser table: headless Chromium, driven over the DevTools
// protocol (no package needed), opens /?table=ID of a running `poker serve`,
// takes a seat at a six-seat table with five bots and plays hands by clicking
// the page's buttons (check or call, sometimes a raise by the slider) until the
// page has shown HANDS results; then checks what the page shows against the
// server: the page's own stack is the one the server's table frame gives (its
// views come as patches of the view before, applied by the page), the
// cards the page drew are the seat's own, and no other seat's card is drawn
// face up before a showdown.
//
//   node play_table.mjs CHROMIUM URL HANDS SCREENSHOT
//
// The protocol goes over the pipe Chromium opens on file descriptors 3 and 4
// (messages of JSON, each ended by a NUL byte): no port, no WebSocket client,
// so any Node from Debian 12's 18 on runs it.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [chromium, url, handsText, screenshot] = process.argv.slice(2);
const hands = Number(handsText);
const profile = mkdtempSync(join(tmpdir(), "poker-browser-"));
const browser = spawn(chromium, ["--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
  "--user-data-dir=" + profile, "--window-size=1280,640", "about:blank"],
  { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
const sleep = ms => new Promise(r => setTimeout(r, ms));
function fail(why) { console.log("FAIL: " + why); browser.kill("SIGKILL"); process.exit(1); }
// A slow machine (a sanitized server beside other tests) may take minutes for
// the hands; what fails is a table where no hand ends for STALL_MS.
let progress = "", progressAt = Date.now();
const stallMs = Number(process.env.BROWSER_STALL_MS || 60000);
setInterval(() => { if (Date.now() - progressAt > stallMs) fail("no hand ended in " + stallMs / 1000 + " s: " + progress); }, 1000);
setTimeout(() => fail("timed out: " + progress), Number(process.env.BROWSER_TIMEOUT_MS || 840000));
browser.on("exit", code => fail("Chromium ended (" + code + "): " + progress));

const [toBrowser, fromBrowser] = [browser.stdio[3], browser.stdio[4]];
let next = 1, pending = Buffer.alloc(0), session;
const waiting = new Map();
fromBrowser.on("data", chunk => {
  pending = Buffer.concat([pending, chunk]);
  for (let end = pending.indexOf(0); end >= 0; end = pending.indexOf(0)) {
    const m = JSON.parse(pending.subarray(0, end).toString("utf8"));
    pending = pending.subarray(end + 1);
    if (waiting.has(m.id)) { waiting.get(m.id)(m); waiting.delete(m.id); }
  }
});
// A command to the page once attached (to the browser before), its reply.
const call = (method, params = {}) => new Promise(r => {
  const id = next++;
  waiting.set(id, r);
  toBrowser.write(JSON.stringify(session ? { id, method, params, sessionId: session } : { id, method, params }) + "\0");
});
const target = await call("Target.createTarget", { url });
if (!target.result) fail("Chromium did not open the page: " + JSON.stringify(target.error));
const attached = await call("Target.attachToTarget", { targetId: target.result.targetId, flatten: true });
if (!attached.result) fail("Chromium did not attach to the page: " + JSON.stringify(attached.error));
session = attached.result.sessionId;
const evaluate = async expr => (await call("Runtime.evaluate", { expression: expr, returnByValue: true })).result.result.value;

// The page's own seat, what it draws, and a click on one of its buttons.
const look = `(() => {
  const seats = [...document.querySelectorAll(".seat")].map(s => ({ name: s.querySelector(".name")?.textContent,
    stack: s.querySelector(".stack")?.textContent, mine: s.classList.contains("mine"),
    cards: [...s.querySelectorAll("svg.card")].map(c => c.dataset.card) }));
  const buttons = [...document.querySelectorAll("#actions button")].map(b => b.dataset.action);
  return { seats, buttons, hands: state.results || 0, phase: state.view ? state.view.phase : "",
           patched: state.patched || 0, resyncs: state.resyncs || 0,
           lobby: !document.getElementById("lobby").hidden, left: document.getElementById("left").textContent,
           board: [...document.querySelectorAll("#board-cards svg")].map(c => c.dataset.card) };
})()`;
const table = new URL(url).searchParams.get("table");
let clicks = 0, raises = 0, rebuys = 0, chances = 0, seen = 0, last;
while (seen < hands) {
  last = await evaluate(look);
  if (!last) { await sleep(100); continue; }
  if (last.hands !== seen) progressAt = Date.now();
  seen = last.hands;
  progress = JSON.stringify({ seen, clicks, buttons: last.buttons, error: await evaluate(`document.getElementById("error").textContent`) });
  const mine = last.seats.find(s => s.mine);
  // The page asks for views as patches: one that does not apply to the view before is a failure.
  if (last.resyncs) fail("a view's patch did not apply to the page's view");
  // Hold'em has no up cards: another seat's cards face up only at the showdown or after it.
  const phase = last.phase;  // read with the seats: a new hand may start between two reads
  for (const s of last.seats)
    if (!s.mine && s.cards.some(c => c !== "??") && phase !== "showdown" && phase !== "complete" && phase !== "")
      fail("the page drew " + s.name + "'s cards " + s.cards.join(" ") + " in the " + phase + " phase");
  // Busted, the person is back in the lobby and buys in again, as a player would.
  if (last.lobby && last.left) {
    if (!last.left.includes("(busted)")) fail("the page left the table: " + last.left);
    const sat = await evaluate(`(() => { const b = document.querySelector('#tables button[data-table="${table}"]'); if (b) b.click(); return !!b; })()`);
    if (sat) { rebuys++; await evaluate(`document.getElementById("left").textContent = ""`); }
  } else if (last.buttons.length) {
    if (mine && mine.cards.length && mine.cards.some(c => c === "??")) fail("the page hid its own cards");
    const canRaise = last.buttons.includes("raise");
    if (canRaise) chances++;
    const pick = canRaise && chances % 4 === 0 ? "raise"
      : last.buttons.includes("check") ? "check" : last.buttons.includes("call") ? "call"
      : last.buttons.includes("show") ? "show"
      : last.buttons.some(b => b.startsWith("run")) ? last.buttons.filter(b => b.startsWith("run")).pop()
      : last.buttons[0];
    if (pick === "raise") {
      await evaluate(`(() => { const s = document.getElementById("amount"); s.value = Math.round((Number(s.min) + Number(s.max)) / 4); s.dispatchEvent(new Event("input")); })()`);
      raises++;
    }
    await evaluate(`document.querySelector('#actions button[data-action="${pick}"]').click()`);
    clicks++;
  }
  await sleep(60);
}
if (clicks < hands) fail(`only ${clicks} clicks in ${hands} hands`);
if (last.patched < hands) fail(`only ${last.patched} views came as patches in ${hands} hands`);
const shot = await call("Page.captureScreenshot", { format: "png" });
writeFileSync(screenshot, Buffer.from(shot.result.data, "base64"));
// The page's own stack, as the server's last frames gave it.
const frameStack = await evaluate(`(() => { const m = [...document.querySelectorAll(".seat")].find(s => s.classList.contains("mine")); return m ? m.querySelector(".stack").textContent : ""; })()`);
console.log(JSON.stringify({ hands: seen, clicks, raises, rebuys, patched: last.patched, stack: frameStack }));
browser.removeAllListeners("exit");
browser.kill("SIGKILL");
process.exit(0);
