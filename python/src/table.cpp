// Tables across hands: seats, players, the button and the blinds owed, each
// hand a HandState; thin over pokerengine/table.hpp.

#include <optional>
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "pokerengine/phh.hpp"
#include "pokerengine/table.hpp"
#include "bindings.hpp"

namespace pokerengine_python {
namespace {

namespace pe = pokerengine;
namespace pp = pokerengine::play;

pp::table new_table(const std::string& game, int seats, const std::optional<std::string>& structure,
                    const std::optional<std::vector<pe::chips>>& blinds, std::optional<pe::chips> ante,
                    pe::chips big_blind_ante, std::optional<pe::chips> bring_in, std::optional<pe::chips> small_bet,
                    std::optional<pe::chips> big_bet, std::optional<pe::chips> min_bet,
                    const std::optional<std::string>& profile, bool cash, std::uint64_t seed,
                    const std::string& dealing, pe::chips cap) {
    const pe::any_game g = pe::find_game(game);
    const pp::betting_structure s =
        structure ? pp::parse_betting_structure(*structure) : pp::hand_config::usual_structure(g);
    pp::table_config c = pp::table_config::standard(game, s, seats);
    if (blinds) {
        if (blinds->size() != 2)
            throw pp::config_error(pp::config_error_code::wrong_length, "blinds: a table takes [small, big]");
        c.small_blind = (*blinds)[0];
        c.big_blind = (*blinds)[1];
        c.limits.min_bet = c.big_blind;
    }
    if (ante) c.ante = *ante;
    c.big_blind_ante = big_blind_ante;
    if (bring_in) c.bring_in = *bring_in;
    if (small_bet) c.limits.small_bet = *small_bet;
    c.limits.big_bet = big_bet.value_or(2 * c.limits.small_bet);
    if (min_bet) c.limits.min_bet = *min_bet;
    if (profile) c.rules = pp::rule_profile::named(*profile);
    if (cash) c.mode = pp::play_mode::cash_game;
    c.dealing = pp::parse_dealing_order(dealing);
    c.cap = cap;
    return pp::table(c, seed);
}

pp::entry entry_of(bool wait_for_big_blind) {
    return wait_for_big_blind ? pp::entry::wait_for_big_blind : pp::entry::post_now;
}

}  // namespace

void bind_table(py::module_& m) {
    py::class_<pp::table>(m, "Table",
                          "A table across hands: players join seats (1 to `seats`), the button moves, blinds owed "
                          "are posted; each hand is a HandState.\n\n"
                          ">>> table = pokerengine.Table('holdem', seats=3, seed=1)\n"
                          ">>> table.join(1, 'ann', 100); table.join(2, 'bob', 100)\n"
                          ">>> hand = table.start_hand()\n"
                          ">>> hand.play_random(); table.finish_hand(hand)\n"
                          ">>> table.total_chips, table.hands_started\n(200, 1)")
        .def(py::init(&new_table), py::arg("game"), py::kw_only(), py::arg("seats") = 9,
             py::arg("structure") = py::none(), py::arg("blinds") = py::none(), py::arg("ante") = py::none(),
             py::arg("big_blind_ante") = 0, py::arg("bring_in") = py::none(), py::arg("small_bet") = py::none(),
             py::arg("big_bet") = py::none(), py::arg("min_bet") = py::none(), py::arg("profile") = py::none(),
             py::arg("cash") = false, py::arg("seed") = 0, py::arg("dealing") = "whole-shuffle", py::arg("cap") = 0)
        .def("join", [](pp::table& t, int seat, std::string name, pe::chips stack, bool wait) {
                 t.join(seat - 1, std::move(name), stack, entry_of(wait));
             }, py::arg("seat"), py::arg("name"), py::arg("stack"), py::arg("wait_for_big_blind") = true)
        .def("leave", [](pp::table& t, int seat) { return t.leave(seat - 1); }, py::arg("seat"),
             "Empties the seat; returns the player's chips.")
        .def("sit_out", [](pp::table& t, int seat) { t.sit_out(seat - 1); }, py::arg("seat"))
        .def("come_back", [](pp::table& t, int seat, bool wait) { t.come_back(seat - 1, entry_of(wait)); },
             py::arg("seat"), py::arg("wait_for_big_blind") = false)
        .def("rebuy", [](pp::table& t, int seat, pe::chips amount, bool wait) {
                 t.rebuy(seat - 1, amount, entry_of(wait));
             }, py::arg("seat"), py::arg("amount"), py::arg("wait_for_big_blind") = false)
        .def("set_button", [](pp::table& t, int seat) { t.set_button(seat - 1); }, py::arg("seat"))
        .def("can_start_hand", &pp::table::can_start_hand)
        .def("start_hand", [](pp::table& t) { return t.start_hand(); }, "Deals the next hand.")
        // The seat changes made between hands come only from queued requests, which Python does not make yet.
        .def("finish_hand", [](pp::table& t, const pp::hand_state& hand) { t.finish_hand(hand); }, py::arg("hand"),
             "Takes the finished hand's stacks back.")
        .def("phhs_entry", [](const pp::table& t, const pp::hand_state& h) { return pp::phhs_entry(t, h); },
             py::arg("hand"), "The hand as a .phhs table entry.")
        .def("player", [](const pp::table& t, int seat) -> py::object {
                 const auto& p = t.at(seat - 1);
                 if (!p) return py::none();
                 py::dict d;
                 d["name"] = p->name;
                 d["stack"] = p->stack;
                 d["sitting_out"] = p->sitting_out;
                 d["owes"] = p->owes();
                 return d;
             }, py::arg("seat"), "The player in a seat as a dict, or None.")
        .def("hand_seats", [](const pp::table& t) {
                 std::vector<int> out;
                 if (t.current())
                     for (int s : t.current()->seats) out.push_back(s + 1);
                 return out;
             }, "The table seat of each seat of the hand in progress (p1 first).")
        .def_property_readonly("seats", &pp::table::seat_count)
        .def_property_readonly("players", &pp::table::players)
        .def_property_readonly("total_chips", &pp::table::total_chips)
        .def_property_readonly("hands_started", &pp::table::hands_started)
        .def_property_readonly("hand_in_progress", &pp::table::hand_in_progress);
}

}  // namespace pokerengine_python
