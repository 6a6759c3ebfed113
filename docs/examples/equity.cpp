// Equity from a server's point of view: parse ranges, ask for each player's
// share of the pot exactly or by a seeded simulation, in hold'em, Omaha hi/lo
// and razz. Built and run by the test suite (docs).
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "pokerengine/equity.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/range.hpp"
#include "example_check.hpp"

using namespace pokerengine;

int main() {
    // Ranges in the usual shorthand, each hand with a weight.
    hand_range premium = parse_range("QQ+, AKs:0.5");
    check(premium.size() == 18 + 4, "QQ+ is 18 hands, AKs 4");
    check(premium.without(parse_card_set("Qh")).size() == 15 + 4, "card removal");
    try {
        (void)parse_range("QQ+, AKx");
        check(false, "a bad token throws");
    } catch (const range_error& e) {
        check(std::string(e.what()).find("\"AKx\" at position 6") != std::string::npos, "the error names the token");
    }

    // Aces against kings of one shared suit: every one of the 1,712,304 boards.
    any_game holdem = find_game("holdem");
    std::vector<hand_range> players{parse_range("AsAh"), parse_range("KsKd")};
    equity_result exact = equity(holdem, players, CardSet{}, CardSet{});
    check(exact.exact && exact.deals == 1'712'304, "enumerated");
    check(std::abs(exact.players[0].equity - 0.819461) < 1e-6, "AsAh has 81.946%");
    check(std::abs(exact.players[0].win + exact.players[1].win + exact.players[0].tie - 1) < 1e-12,
          "heads-up, every deal is a win for one or a tie");

    // Progress, reported on the calling thread: the deals done, of the deals to do.
    // A report that throws stops the run, and the exception reaches the caller.
    equity_options watched;
    watched.threads = 2;
    std::uint64_t done_last = 0, total_last = 0;
    watched.progress = [&](std::uint64_t done, std::uint64_t total) {
        done_last = done;
        total_last = total;
    };
    check(equity(holdem, players, CardSet{}, CardSet{}, watched).players[0].equity == exact.players[0].equity,
          "the same answer while watched");
    check(done_last == 1'712'304 && total_last == 1'712'304, "the last report: every deal done");
    struct cancelled {};
    watched.progress = [](std::uint64_t, std::uint64_t) { throw cancelled{}; };
    try {
        (void)equity(holdem, players, CardSet{}, CardSet{}, watched);
        check(false, "a report that throws stops the run");
    } catch (const cancelled&) {
    }

    // A simulation with a seed and two threads: the same seed, the same answer.
    equity_options simulated;
    simulated.method = equity_method::monte_carlo;
    simulated.seed = 42;
    simulated.threads = 2;
    simulated.target_standard_error = 0.001;
    equity_result mc = equity(holdem, players, CardSet{}, CardSet{}, simulated);
    check(!mc.exact && mc.standard_error <= 0.001, "stopped at the standard error asked for");
    check(std::abs(mc.players[0].equity - exact.players[0].equity) <= 4 * mc.players[0].standard_error,
          "Monte Carlo within four standard errors");
    check(equity(holdem, players, CardSet{}, CardSet{}, simulated).players[0].equity == mc.players[0].equity,
          "reproducible");

    // A long simulation kept in a checkpoint: started again, it reads back
    // the blocks it had dealt (here, all of them) and gives the same answer.
    std::string name = "pokerengine-example-equity-";
    name += std::to_string(std::chrono::steady_clock::now().time_since_epoch().count());
    const std::string kept = (std::filesystem::temp_directory_path() / name).string();
    std::filesystem::remove(kept);
    simulated.checkpoint = kept;
    equity_result first = equity(holdem, players, CardSet{}, CardSet{}, simulated);
    equity_result again = equity(holdem, players, CardSet{}, CardSet{}, simulated);
    check(first.resumed_blocks == 0 && again.resumed_blocks > 0, "the second run reads its blocks back");
    check(first.players[0].equity == mc.players[0].equity && again.players[0].equity == mc.players[0].equity,
          "the same answer with a checkpoint, and from it");
    std::filesystem::remove(kept);

    // Omaha hi/lo on the flop: high, low and scoop shares.
    any_game omaha8 = find_game("omaha-hi-lo");
    std::vector<hand_range> omaha_players{parse_player(omaha8, "As2hKsKd"), parse_player(omaha8, "QdJdTc9c")};
    equity_result split = equity(omaha8, omaha_players, parse_card_set("3d 7s 8h"), CardSet{});
    check(split.split_pot && split.exact, "a split game, enumerated");
    check(split.players[1].low == 0, "no low for QJT9");
    check(std::abs(split.players[0].high + split.players[1].high - 1) < 1e-12, "the high shares add up");

    // Razz: each player's known cards; the rest dealt from what is left.
    any_game razz = find_game("razz");
    std::vector<hand_range> razz_players{parse_player(razz, "As2h3d4c"), parse_player(razz, "5s6h7dKc")};
    equity_options quick;
    quick.exact_limit = 10'000'000;  // 121,927,080 deals would take about a second
    quick.max_deals = 200'000;
    quick.target_standard_error = 0;
    equity_result stud = equity(razz, razz_players, CardSet{}, parse_card_set("Qd"), quick);
    check(!stud.exact && stud.deals == 200'000, "too many deals to enumerate: simulated");
    check(stud.players[0].equity > 0.8, "A-2-3-4 is far ahead");

    std::printf("%s\n", failures ? "equity example: FAILED" : "equity example: ok");
    return failures ? 1 : 0;
}
