// Hands played from Python: the hand state with its options as `poker play`
// names them, legal actions as PHH text, and PHH reading and replay.

#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <pybind11/stl.h>

#include "pokerengine/notation.hpp"
#include "pokerengine/phh.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/replay.hpp"
#include "bindings.hpp"

namespace pokerengine_python {
namespace {

namespace pe = pokerengine;
namespace pp = pokerengine::play;

template <class T>
std::vector<T> as_list(std::span<const T> s) {
    return {s.begin(), s.end()};
}

// An amount for every seat (an int) or one per seat (a sequence).
std::vector<pe::chips> amounts(const py::object& given) {
    if (py::isinstance<py::int_>(given)) return {given.cast<pe::chips>()};
    return given.cast<std::vector<pe::chips>>();
}

pp::hand_state new_hand(const std::string& game, const std::optional<std::string>& structure, int seats,
                        const py::object& stacks, const std::optional<std::vector<pe::chips>>& blinds,
                        const py::object& antes, std::optional<pe::chips> bring_in, std::optional<pe::chips> small_bet,
                        std::optional<pe::chips> big_bet, std::optional<pe::chips> min_bet,
                        const std::optional<std::string>& profile, std::optional<std::uint64_t> seed, bool cash,
                        int runouts, const std::string& dealing, pe::chips cap) {
    pp::hand_options o;
    if (structure) o.structure = pp::parse_betting_structure(*structure);
    o.seats = seats;
    if (!stacks.is_none()) o.stacks = amounts(stacks);
    o.blinds = blinds;
    if (!antes.is_none()) o.antes = amounts(antes);
    o.bring_in = bring_in;
    o.small_bet = small_bet;
    o.big_bet = big_bet;
    o.min_bet = min_bet;
    pp::hand_config c = pp::hand_config::from_options(game, o);
    if (profile) c.rules = pp::rule_profile::named(*profile);
    if (cash) c.mode = pp::play_mode::cash_game;
    if (runouts != 1 && !cash)  // as `poker play --runouts` needs --cash
        throw pp::config_error(pp::config_error_code::rule_out_of_range,
                               "runouts: a tournament runs the board once (cash=True for more)");
    c.rules.most_runouts = runouts;
    c.dealing = pp::parse_dealing_order(dealing);
    c.cap = cap;  // checked with the rest when the hand is made
    const std::uint64_t s = seed ? *seed : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    return pp::hand_state(c, s);
}

// What the seat to act may do, as PHH texts: fold, check or call, the bring-in,
// the least and the largest bet or raise, standing pat, showing and mucking.
struct legal_choice {
    std::optional<int> seat;  // p1 = 1
    std::vector<std::string> options;
    pp::legal_actions detail;
};

legal_choice legal_of(const pp::hand_state& hand) {
    legal_choice out;
    out.detail = hand.legal();
    const pp::legal_actions& l = out.detail;
    if (!l.seat) return out;
    const int s = *l.seat;
    out.seat = s + 1;
    auto add = [&](const pp::action& a) { out.options.push_back(pp::to_phh(a)); };
    if (l.can_fold) add(pp::action::fold_by(s));
    if (l.can_check || l.can_call) add(pp::action::check_or_call_by(s));
    if (l.can_bring_in) add(pp::action::bring_in_by(s));
    if (l.can_raise) {
        if (!l.raise_is_all_in_only && l.min_to < l.max_to) add(pp::action::raise_to(s, l.min_to));
        add(pp::action::raise_to(s, l.raise_is_all_in_only ? l.max_to : std::max(l.min_to, l.max_to)));
    }
    if (l.can_draw) add(pp::action::discard(s, pe::CardList{}));
    if (l.can_show) add(pp::action::show_by(s));
    if (l.can_muck) add(pp::action::muck_by(s));
    if (l.can_choose_runouts)
        for (int times = 1; times <= l.most_runouts; ++times) add(pp::action::choose_runouts_by(s, times));
    return out;
}

// The cards of a discard or a show: none when the text is blank.
pe::CardList cards_or_none(const std::string& text) {
    return text.find_first_not_of(" \t") == std::string::npos ? pe::CardList{} : pe::parse_cards(text);
}

int seat_to_act(const pp::hand_state& hand) { return hand.to_act().value_or(-1); }

std::string_view status_name(pp::seat_status s) {
    switch (s) {
        case pp::seat_status::in_hand: return "in_hand";
        case pp::seat_status::all_in: return "all_in";
        case pp::seat_status::folded: return "folded";
        case pp::seat_status::mucked: break;
    }
    return "mucked";
}

py::dict view_dict(const pp::hand_state& hand, int p) {
    const pp::seat_view v = hand.view_for(p - 1);
    py::dict d;
    d["seat"] = p;
    d["phase"] = std::string(pp::to_string(v.at));
    d["street"] = v.street;
    d["to_act"] = v.to_act ? py::object(py::int_(*v.to_act + 1)) : py::none();
    d["stacks"] = v.stacks;
    d["street_bets"] = v.street_bets;
    d["contributions"] = v.contributions;
    d["pot_total"] = v.pot_total;
    d["board"] = card_texts(v.board);
    py::list status, cards;
    for (pp::seat_status s : v.status) status.append(std::string(status_name(s)));
    for (const pp::seat_cards& c : v.visible) cards.append(card_texts(c.cards));
    d["status"] = status;
    d["cards"] = cards;
    d["card_counts"] = v.card_counts;
    return d;
}

py::dict result_dict(const pp::hand_state& hand) {
    const pp::hand_result r = hand.result();
    py::list pots;
    for (const pe::pot_result& p : r.pots) {
        py::list shares;
        for (const pe::pot_share& s : p.shares) {
            std::vector<int> winners;
            for (std::size_t w : s.winners) winners.push_back(static_cast<int>(w) + 1);
            py::dict share;
            share["half"] = s.half == pe::pot_half::high ? "high" : "low";
            share["winners"] = winners;
            share["won"] = std::vector<pe::chips>(s.won.begin(), s.won.end());
            shares.append(share);
        }
        py::dict pot;
        pot["amount"] = p.amount;
        pot["shares"] = shares;
        pots.append(pot);
    }
    py::list high;
    for (const auto& h : r.high) high.append(h ? py::object(py::str(h->description)) : py::none());
    py::dict d;
    d["pots"] = pots;
    d["high"] = high;
    d["payouts"] = r.payouts;
    d["finishing_stacks"] = r.finishing_stacks;
    return d;
}

}  // namespace

void bind_hand(py::module_& m) {
    py::class_<legal_choice>(m, "Legal", "What the seat to act may do now.")
        .def_readonly("seat", &legal_choice::seat, "The seat to act, p1 = 1; None when no seat owes a decision.")
        .def_readonly("options", &legal_choice::options,
                      "PHH texts of the legal actions: fold, check or call, the bring-in, the least and the largest "
                      "bet or raise, standing pat, showing, mucking.")
        .def_property_readonly("passive", [](const legal_choice& l) -> std::optional<std::string> {
            if (!l.seat) return std::nullopt;
            return pp::to_phh(l.detail.passive());
        }, "The cheapest legal action as PHH text: check, call, the bring-in, standing pat or showing.")
        .def_property_readonly("can_fold", [](const legal_choice& l) { return l.detail.can_fold; })
        .def_property_readonly("can_check", [](const legal_choice& l) { return l.detail.can_check; })
        .def_property_readonly("can_call", [](const legal_choice& l) { return l.detail.can_call; })
        .def_property_readonly("call_amount", [](const legal_choice& l) { return l.detail.call_amount; })
        .def_property_readonly("can_raise", [](const legal_choice& l) { return l.detail.can_raise; })
        .def_property_readonly("min_to", [](const legal_choice& l) { return l.detail.min_to; })
        .def_property_readonly("max_to", [](const legal_choice& l) { return l.detail.max_to; })
        .def_property_readonly("pot_to", [](const legal_choice& l) { return l.detail.pot_to; })
        .def_property_readonly("can_draw", [](const legal_choice& l) { return l.detail.can_draw; })
        .def_property_readonly("max_discards", [](const legal_choice& l) { return l.detail.max_discards; })
        .def_property_readonly("can_show", [](const legal_choice& l) { return l.detail.can_show; })
        .def_property_readonly("can_muck", [](const legal_choice& l) { return l.detail.can_muck; })
        .def_property_readonly("can_choose_runouts", [](const legal_choice& l) { return l.detail.can_choose_runouts; })
        .def_property_readonly("most_runouts", [](const legal_choice& l) { return int{l.detail.most_runouts}; })
        .def("__repr__", [](const legal_choice& l) {
            std::string out = "Legal(seat=" + (l.seat ? std::to_string(*l.seat) : std::string("None")) + ", options=[";
            for (std::size_t i = 0; i < l.options.size(); ++i) out += (i ? ", '" : "'") + l.options[i] + "'";
            return out + "])";
        });

    py::class_<pp::hand_state>(m, "HandState",
                               "One hand of any game, dealt from a seeded deck; the options are those of `poker play`.\n\n"
                               ">>> hand = pokerengine.HandState('holdem', seats=2, seed=7)\n"
                               ">>> hand.legal()\n"
                               "Legal(seat=2, options=['p2 f', 'p2 cc', 'p2 cbr 4', 'p2 cbr 200'])\n"
                               ">>> hand.apply('p2 cc'); hand.apply('p1 cc')\n"
                               ">>> hand.stacks\n[198, 198]")
        .def(py::init(&new_hand), py::arg("game"), py::kw_only(), py::arg("structure") = py::none(),
             py::arg("seats") = 6, py::arg("stacks") = py::none(), py::arg("blinds") = py::none(),
             py::arg("antes") = py::none(), py::arg("bring_in") = py::none(), py::arg("small_bet") = py::none(),
             py::arg("big_bet") = py::none(), py::arg("min_bet") = py::none(), py::arg("profile") = py::none(),
             py::arg("seed") = py::none(), py::arg("cash") = false, py::arg("runouts") = 1,
             py::arg("dealing") = "whole-shuffle", py::arg("cap") = 0)
        .def("redeal", &pp::hand_state::redeal, py::arg("seed"),
             "Starts a new hand with this hand's settings, dealt from `seed`: the same as a new HandState\n"
             "with the same arguments and that seed, without building one (simulations).")
        .def("apply", [](pp::hand_state& h, const std::string& text) { h.apply(pp::parse_action(text)); },
             py::arg("action"), "Applies an action in PHH text ('p2 cbr 300'); raises IllegalAction, changing nothing.")
        .def("is_legal", [](const pp::hand_state& h, const std::string& text) {
                 return h.is_legal(pp::parse_action(text));
             }, py::arg("action"))
        .def("legal", &legal_of, "What the seat to act may do now.")
        .def("fold", [](pp::hand_state& h) { h.apply(pp::action::fold_by(seat_to_act(h))); })
        .def("check_or_call", [](pp::hand_state& h) { h.apply(pp::action::check_or_call_by(seat_to_act(h))); })
        .def("bet_or_raise_to", [](pp::hand_state& h, pe::chips to) { h.apply(pp::action::raise_to(seat_to_act(h), to)); },
             py::arg("amount"), "Completes, bets or raises to `amount` in all this round.")
        .def("post_bring_in", [](pp::hand_state& h) { h.apply(pp::action::bring_in_by(seat_to_act(h))); })
        .def("draw", [](pp::hand_state& h, const std::string& cards) {
                 h.apply(pp::action::discard(seat_to_act(h), cards_or_none(cards)));
             }, py::arg("discards") = "", "Discards the cards given (none: stands pat).")
        .def("show", [](pp::hand_state& h, const std::string& cards) {
                 pp::action a = pp::action::show_by(seat_to_act(h));
                 a.cards = pp::to_action_cards(cards_or_none(cards));
                 h.apply(a);
             }, py::arg("cards") = "", "Shows the cards given (none: every card held).")
        .def("muck", [](pp::hand_state& h) { h.apply(pp::action::muck_by(seat_to_act(h))); })
        .def("run", [](pp::hand_state& h, int times) { h.apply(pp::action::choose_runouts_by(seat_to_act(h), times)); },
             py::arg("times"), "At a cash game's all-in (with `runouts` above 1): asks to deal the rest of the board\n"
                               "`times` times; it is when every seat still in asks the same.")
        .def("play_random", [](pp::hand_state& h, std::optional<std::uint64_t> seed) {
                 pe::xoshiro256ss rng{seed.value_or(h.seed())};
                 while (!h.is_complete()) h.apply(pp::random_action(h, rng));
             }, py::arg("seed") = py::none(), py::call_guard<py::gil_scoped_release>(),
             "Plays random legal actions to the end, from `xoshiro256ss(seed)` (default: the hand's seed,\n"
             "as `poker play --random-actions` does).")
        .def_property_readonly("complete", &pp::hand_state::is_complete)
        .def_property_readonly("stacks", [](const pp::hand_state& h) { return as_list(h.stacks()); })
        .def_property_readonly("street_bets", [](const pp::hand_state& h) { return as_list(h.street_bets()); })
        .def_property_readonly("contributions", &pp::hand_state::contributions)
        .def_property_readonly("payouts", [](const pp::hand_state& h) { return as_list(h.payouts()); })
        .def_property_readonly("pot_total", &pp::hand_state::pot_total)
        .def_property_readonly("seats", &pp::hand_state::players)
        .def_property_readonly("street", &pp::hand_state::street)
        .def_property_readonly("seed", &pp::hand_state::seed)
        .def_property_readonly("phase", [](const pp::hand_state& h) { return std::string(pp::to_string(h.current_phase())); })
        .def_property_readonly("to_act", [](const pp::hand_state& h) -> std::optional<int> {
            if (auto s = h.to_act()) return *s + 1;
            return std::nullopt;
        })
        .def_property_readonly("board", [](const pp::hand_state& h) { return card_texts(h.board()); })
        .def_property_readonly("boards", [](const pp::hand_state& h) {
            std::vector<std::vector<std::string>> all;
            for (const pe::CardList& b : h.boards()) all.push_back(card_texts(b));
            return all;
        }, "Every runout's board (one board unless the board was run more than once).")
        .def("hole_cards", [](const pp::hand_state& h, int p) { return card_texts(h.hole_cards(p - 1).cards); },
             py::arg("seat"), "Every card of seat p (p1 = 1), face down and face up.")
        .def_property_readonly("history", [](const pp::hand_state& h) {
            std::vector<std::string> out;
            for (const pp::action& a : h.history())
                if (std::string text = pp::to_phh(a); !text.empty()) out.push_back(std::move(text));
            return out;
        }, "Every action as PHH text, the dealing included (antes and blinds are in the PHH header).")
        .def("view_for", &view_dict, py::arg("seat"), "What seat p (p1 = 1) may know, as a dict.")
        .def("result", &result_dict, "The pots, their winners, the hands shown and the finishing stacks.")
        .def("to_phh", [](const pp::hand_state& h) { return pp::write_phh(h); }, "The hand as a PHH document.")
        .def("serialize", &pp::hand_state::serialize, "A lossless text form; `HandState.restore` continues it.")
        .def_static("restore", &pp::hand_state::restore, py::arg("text"))
        .def("copy", [](const pp::hand_state& h) { return h; })
        .def("__copy__", [](const pp::hand_state& h) { return h; })
        .def("__deepcopy__", [](const pp::hand_state& h, py::dict) { return h; }, py::arg("memo"))
        .def("__eq__", [](const pp::hand_state& a, const pp::hand_state& b) { return a == b; })
        .def("__ne__", [](const pp::hand_state& a, const pp::hand_state& b) { return !(a == b); })
        .def(py::pickle([](const pp::hand_state& h) { return h.serialize(); },
                        [](const std::string& text) { return pp::hand_state::restore(text); }));
    m.attr("HandState").attr("__hash__") = py::none();

    m.def("play_random_hands",
          [](const pp::hand_state& like, std::uint64_t hands, std::uint64_t seed) {
              // The library's random policy, a hand after another, without the GIL: the speed of
              // a policy in C++ called once from Python.
              const pp::hand_config config = like.config();
              std::uint64_t actions = 0;
              for (std::uint64_t k = 0; k < hands; ++k) {
                  pp::hand_state hand(config, seed + k);
                  pe::xoshiro256ss rng{seed + k};
                  for (; !hand.is_complete(); ++actions) hand.apply(pp::random_action(hand, rng));
              }
              return actions;
          },
          py::arg("like"), py::arg("hands"), py::arg("seed") = 0, py::call_guard<py::gil_scoped_release>(),
          "Plays `hands` hands configured as `like`, seeds `seed`, `seed + 1`, ..., each with random legal\n"
          "actions (the library's `random_action`, seeded as `poker play --random-actions`); returns the\n"
          "actions played.\n\n"
          ">>> pokerengine.play_random_hands(pokerengine.HandState('holdem', seats=2, seed=0), 100) > 100\nTrue");

    py::class_<pp::recorded_hand>(m, "RecordedHand", "One hand read from a PHH document.")
        .def_readonly("file", &pp::recorded_hand::file)
        .def_readonly("index", &pp::recorded_hand::index)
        .def_readonly("table", &pp::recorded_hand::table)
        .def_readonly("variant", &pp::recorded_hand::variant)
        .def_readonly("actions", &pp::recorded_hand::action_texts)
        .def_readonly("finishing_stacks", &pp::recorded_hand::finishing_stacks)
        .def_property_readonly("starting_stacks", [](const pp::recorded_hand& r) { return r.config.starting_stacks; })
        .def("replay", [](const pp::recorded_hand& r, const std::optional<std::string>& profile) {
                 pp::replay_options o;
                 if (profile) o.rules = pp::rule_profile::named(*profile);
                 pp::replay_result result = pp::replay(r, o);
                 if (!result.ok) throw coded_error(result.code, result.error);
                 return *result.state;
             }, py::arg("profile") = py::none(),
             "The hand replayed to its last action; raises pokerengine.Error when an action fails.");
    m.def("_read_phh", [](const std::string& text, const std::string& file) { return pp::read_phh(text, file); },
          py::arg("text"), py::arg("file") = "");
}

}  // namespace pokerengine_python
