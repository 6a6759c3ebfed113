#pragma once
// The wire form of what one seat may know: `to_json` of a seat's view and of
// the legal actions, as a server sends them. Players are numbered as PHH
// numbers them (p1 is hand seat 0) and named with their table seat (from 1)
// and name when the hand's plan is given. Everything comes from `view_for`,
// so another seat's down cards and the deck never reach the JSON. A view's
// change from the one before is a JSON Patch (`view_patch`), what a server
// sends a client that asks for patches.
//
//     hand_state hand = t.start_hand();
//     nlohmann::json j = to_json(hand.view_for(0), &*t.current());
//     // {"player": 1, "phase": "betting", "to_act": 3, "board": [], "seats": [...], "legal": null, ...}

#include <nlohmann/json.hpp>

#include "pokerengine/play.hpp"
#include "pokerengine/table.hpp"

namespace pokerengine::server {

using json = nlohmann::ordered_json;

/// The legal actions of the seat to act: `{"player": 3, "phase": "betting",
/// "fold": true, "check": false, "call": 10, "bring_in": null, "raise":
/// {"min": 20, "max": 200, "pot": 35, "all_in_only": false}, "draw": null,
/// "show": false, "muck": false, "must_show": false}`; amounts are exact
/// chips, "call" the chips to add and a raise's amounts totals for the street.
json to_json(const play::legal_actions& legal);

/// A seat's view: the phase, the street, the player to act, the board, the
/// pot, one entry per player (PHH number, table seat and name when `plan` is
/// given, stack, bet, chips put in, status, the cards this seat may see and
/// how many others are hidden), the legal actions when this seat is to act
/// (else null) and the actions so far in PHH text with `??` for hidden cards.
json to_json(const play::seat_view& view, const play::hand_plan* plan = nullptr);

/// A frame's text as a server sends it: compact, a string's invalid UTF-8
/// replaced (U+FFFD) rather than thrown.
std::string frame_text(const json& frame);

/// The change from one view's JSON to the next as a JSON Patch (RFC 6902:
/// `add`, `remove` and `replace` operations, an array's new last elements
/// added at `/-`): what a server sends instead of the whole view when it is
/// shorter. Made from the two views alone, so it holds nothing the seat may
/// not see. `apply_view_patch(before, view_patch(before, after)) == after`.
json view_patch(const json& before, const json& after);
/// The same patch as JSON text, written directly (what a server sends; no
/// JSON tree is built for it).
std::string view_patch_text(const json& before, const json& after);
/// Applies a JSON Patch (as `view_patch` makes) to a copy of `before`.
/// Throws `std::invalid_argument` naming the operation that does not apply.
json apply_view_patch(const json& before, const json& patch);

/// The cards of a finished hand that `seat` never saw (others' down cards not
/// shown), for `write_phh(hand, 0, unseen_cards(hand, seat))`: a history a
/// seat may be sent.
CardSet unseen_cards(const play::hand_state& hand, int seat);

}  // namespace pokerengine::server
