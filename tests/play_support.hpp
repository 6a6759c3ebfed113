#pragma once
// Random legal play of whole hands for the hand state machine, shared by the
// unit suite (a few hundred hands per game and structure) and the slow suite
// (100,000 per game and structure). Every hand is played from a seeded deal
// with actions chosen at random from `legal()`, and checked after every action:
// chips are conserved, no card is in two places, `legal()` agrees with
// `try_apply` at the raise boundaries, a rejected action changes nothing,
// `restore(serialize())` continues the hand identically, and the same seed
// with the same actions gives the same hand.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "pokerengine/games.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/random.hpp"

namespace doctest {

template <>
struct StringMaker<pokerengine::play::action_error_code> {
    static String convert(pokerengine::play::action_error_code c) {
        return std::string(pokerengine::play::to_string(c)).c_str();
    }
};

template <>
struct StringMaker<pokerengine::play::phase> {
    static String convert(pokerengine::play::phase p) { return std::string(pokerengine::play::to_string(p)).c_str(); }
};

template <>
struct StringMaker<pokerengine::play::seat_status> {
    static String convert(pokerengine::play::seat_status s) {
        using pokerengine::play::seat_status;
        switch (s) {
            case seat_status::in_hand: return "in_hand";
            case seat_status::all_in: return "all_in";
            case seat_status::folded: return "folded";
            case seat_status::mucked: return "mucked";
        }
        return "?";
    }
};

template <>
struct StringMaker<std::vector<pokerengine::chips>> {
    static String convert(const std::vector<pokerengine::chips>& v) {
        std::string out = "[";
        for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
        out += ']';
        return out.c_str();
    }
};

template <>
struct StringMaker<std::vector<std::size_t>> {
    static String convert(const std::vector<std::size_t>& v) {
        std::string out = "[";
        for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
        out += ']';
        return out.c_str();
    }
};

}  // namespace doctest

namespace play_testing {

using namespace pokerengine;
using namespace pokerengine::play;

/// An action in words for failure messages (the PHH text where there is one).
inline std::string describe(const action& a) {
    std::string phh = to_phh(a);
    if (!phh.empty()) return phh;
    return "automatic action " + std::to_string(static_cast<int>(a.what)) + " seat " + std::to_string(a.seat) +
           " amount " + std::to_string(a.amount) + " cards [" + to_string(CardList(a.cards.begin(), a.cards.end())) + "]";
}

inline std::vector<chips> to_vector(std::span<const chips> s) { return {s.begin(), s.end()}; }

inline chips sum(std::span<const chips> s) { return std::accumulate(s.begin(), s.end(), chips{0}); }

/// The most players a random hand of this game seats: what the deck deals
/// (board games: hole cards, the board and three burns), eight in stud, six
/// in the draw games (whose decks reshuffle; the unit tests exhaust them).
inline int most_players(const game_traits& t) {
    const int deck = deck_cards(t.deck).size();
    switch (t.family) {
        case game_family::board: return std::min(max_seats, (deck - t.deal.board_cards - 3) / t.deal.hole_cards);
        case game_family::stud: return 8;
        case game_family::draw: return 6;
    }
    return 2;
}

/// A random valid configuration of `game` under `structure`: 2 to `most_players`
/// seats, short and deep stacks (all-ins from the blind or the ante happen),
/// blinds with sometimes a straddle and antes (uniform or big-blind), or the
/// stud ante and bring-in; every rule profile, tournament and cash game.
inline hand_config random_config(const any_game& game, betting_structure structure, xoshiro256ss& rng) {
    const game_traits& t = traits_of(game);
    hand_config c;
    c.game = game;
    c.structure = structure;
    c.mode = uniform_below(rng, 2) == 0 ? play_mode::tournament : play_mode::cash_game;
    switch (uniform_below(rng, 3)) {
        case 0: c.rules = rule_profile::wsop_2024(); break;
        case 1: c.rules = rule_profile::roberts(); break;
        default: c.rules = rule_profile::pokerkit(); break;
    }
    const int n = 2 + static_cast<int>(uniform_below(rng, static_cast<std::uint64_t>(most_players(t) - 1)));
    const auto seats = static_cast<std::size_t>(n);
    if (t.family == game_family::stud) {
        c.forced.antes.assign(seats, 1);
        c.forced.bring_in = 2;
        c.limits = {4, 8, 4};
    } else {
        const std::array<chips, 3> blinds{1, 2, 4};
        const bool straddle = n >= 4 && uniform_below(rng, 4) == 0;
        c.forced.blinds_or_straddles = forced_bets::blinds(n, std::span<const chips>(blinds.data(), straddle ? 3 : 2));
        switch (uniform_below(rng, 6)) {
            case 0: c.forced.antes.assign(seats, 1); break;
            case 1:  // a big-blind ante: seat 1 in button games, seat 0 heads-up
                c.forced.antes.assign(seats, 0);
                c.forced.antes[n == 2 ? 0 : 1] = 2;
                c.forced.ante_trimming = uniform_below(rng, 2) == 0;
                break;
            default: break;
        }
        c.limits = {2, 4, 2};
    }
    for (int i = 0; i < n; ++i) {
        const std::uint64_t kind = uniform_below(rng, 8);
        const chips stack = kind == 0   ? static_cast<chips>(1 + uniform_below(rng, 6))
                            : kind < 3 ? static_cast<chips>(6 + uniform_below(rng, 40))
                                       : static_cast<chips>(40 + uniform_below(rng, 400));
        c.starting_stacks.push_back(stack);
    }
    // Half the hands are dealt card by card, chosen by a stack so that the
    // random configurations themselves stay as they were.
    if (c.starting_stacks[0] % 2 == 1) c.dealing = dealing_order::card_by_card;
    // Half the cash games let the board be run up to two, three or four times.
    if (c.mode == play_mode::cash_game && uniform_below(rng, 2) == 0)
        c.rules.most_runouts = 2 + static_cast<int>(uniform_below(rng, 3));
    return c;
}

/// A random legal action for the seat to act, chosen from `legal()`: fold,
/// check or call, the bring-in, the minimum, maximum or a random raise,
/// random discards of held cards, show or muck. Raises grow rare as the hand
/// goes on so that every hand ends.
inline action random_action(const hand_state& h, xoshiro256ss& rng, int decisions_so_far) {
    const legal_actions l = h.legal();
    const int s = l.seat.value_or(-1);
    switch (l.at) {
        case phase::drawing: {
            CardList discards;
            for (Card c : h.hole_cards(s).cards)
                if (static_cast<int>(discards.size()) < l.max_discards && uniform_below(rng, 2) == 0)
                    discards.push_back(c);
            return action::discard(s, discards);
        }
        case phase::showdown:
            if (l.can_choose_runouts)  // the most often, so that seats agree
                return action::choose_runouts_by(s, uniform_below(rng, 3) != 0
                                                        ? l.most_runouts
                                                        : 1 + static_cast<int>(uniform_below(
                                                                  rng, static_cast<std::uint64_t>(l.most_runouts))));
            if (l.can_muck && !l.must_show && uniform_below(rng, 4) == 0) return action::muck_by(s);
            return action::show_by(s);
        case phase::betting: {
            const std::uint64_t r = uniform_below(rng, 100);
            const std::uint64_t raise_percent = decisions_so_far < 30 ? 35 : decisions_so_far < 120 ? 10 : 0;
            if (l.can_bring_in && r < 40) return action::bring_in_by(s);
            if (l.can_fold && r < 15) return action::fold_by(s);
            if (l.can_raise && r < 15 + raise_percent) {
                if (l.raise_is_all_in_only || l.max_to <= l.min_to) return action::raise_to(s, l.max_to);
                switch (uniform_below(rng, 5)) {
                    case 0:
                    case 1: return action::raise_to(s, l.min_to);
                    case 2: return action::raise_to(s, l.max_to);
                    default:
                        return action::raise_to(
                            s, l.min_to + static_cast<chips>(uniform_below(rng, static_cast<std::uint64_t>(
                                                                                     l.max_to - l.min_to + 1))));
                }
            }
            return l.passive();
        }
        default: return l.passive();
    }
}

/// Checks what holds after every action: chips are conserved, per seat and in
/// total; no card is in two places or outside the game's deck; the legal
/// actions belong to the seat to act.
inline void check_invariants(const hand_state& h) {
    const hand_config& c = h.config();
    const int n = h.players();
    const chips total = sum(c.starting_stacks);
    const auto stacks = h.stacks();
    const auto contributions = h.contributions();
    REQUIRE(static_cast<int>(stacks.size()) == n);
    REQUIRE(static_cast<int>(contributions.size()) == n);
    for (int s = 0; s < n; ++s) CHECK(stacks[static_cast<std::size_t>(s)] >= 0);
    if (!h.is_complete()) {
        CHECK(sum(stacks) + h.pot_total() == total);
        // What a seat has behind plus what it has put in is what it sat down with.
        for (std::size_t s = 0; s < stacks.size(); ++s) CHECK(stacks[s] + contributions[s] == c.starting_stacks[s]);
        chips in_pots = 0;
        for (const pot& p : h.pots()) in_pots += p.amount;
        CHECK(in_pots == h.pot_total());
    } else {
        CHECK(sum(stacks) == total);
        CHECK(h.pot_total() == 0);
        const auto payouts = h.payouts();
        CHECK(sum(payouts) == sum(contributions));
        for (std::size_t s = 0; s < stacks.size(); ++s) {
            CHECK(payouts[s] >= 0);
            CHECK(stacks[s] == c.starting_stacks[s] - contributions[s] + payouts[s]);
        }
        const hand_result r = h.result();
        CHECK(r.finishing_stacks == to_vector(stacks));
        CHECK(r.payouts == to_vector(payouts));
        CHECK_FALSE(h.to_act().has_value());
        CHECK_FALSE(h.legal().seat.has_value());
    }
    // No card in two places.
    const CardSet deck = deck_cards(traits_of(c.game).deck);
    CardSet seen;
    int count = 0;
    auto add = [&](Card card) {
        CHECK_MESSAGE(deck.contains(card), to_string(card) << " is not in the deck");
        CHECK_MESSAGE(!seen.contains(card), to_string(card) << " is in two places");
        seen |= card;
        ++count;
    };
    // Folded and mucked cards may go back into a draw game's deck: only live seats count.
    int live = 0;
    for (int s = 0; s < n; ++s) {
        const seat_status st = h.status(s);
        if (st != seat_status::in_hand && st != seat_status::all_in) continue;
        ++live;
        for (Card card : h.hole_cards(s).cards) add(card);
    }
    const std::vector<CardList> boards = h.boards();
    CHECK(static_cast<int>(boards.size()) <= h.runouts());
    CHECK(boards.back() == h.board());
    for (std::size_t r = 0; r < boards.size(); ++r)
        for (std::size_t i = 0; i < boards[r].size(); ++i)
            if (r == 0 || i >= boards[0].size() || boards[r][i] != boards[0][i])
                add(boards[r][i]);  // the cards every runout shares, once
    for (std::size_t r = 1; r < boards.size(); ++r)  // a later runout's last card is its own
        if (!boards[r].empty() && boards[r].size() == boards[0].size()) CHECK(boards[r].back() != boards[0].back());
    CHECK(seen.size() == count);
    // Two or more seats still in at the end went to a showdown with every card.
    if (h.is_complete() && live >= 2) {
        const game_traits& t = traits_of(c.game);
        const auto board = static_cast<int>(h.board().size());
        for (int s = 0; s < n; ++s) {
            const seat_status st = h.status(s);
            if (st != seat_status::in_hand && st != seat_status::all_in) continue;
            const auto hole = static_cast<int>(h.hole_cards(s).cards.size());
            INFO("seat ", s, " holds ", hole, " cards, board ", board);
            if (t.family == game_family::stud)
                CHECK(hole + board == t.deal.hole_cards);
            else
                CHECK(hole == t.deal.hole_cards);
        }
        if (t.family == game_family::board) {
            CHECK(board == t.deal.board_cards);
            CHECK(static_cast<int>(boards.size()) == h.runouts());
            for (const CardList& b : boards) CHECK(static_cast<int>(b.size()) == t.deal.board_cards);
        }
    }
    // The legal actions are the seat to act's.
    const legal_actions l = h.legal();
    CHECK(l.seat == h.to_act());
    CHECK(l.at == h.current_phase());
}

/// Checks that `try_apply` on a copy and `is_legal` agree with `legal()`, at
/// the raise boundaries `min_to - 1`, `min_to`, `max_to`, `max_to + 1` and for
/// the other kinds of action, and that a rejected action changes nothing.
inline void check_legal_agrees(const hand_state& h, xoshiro256ss& rng) {
    const legal_actions l = h.legal();
    auto probe = [&](const action& a, bool expected) {
        hand_state copy = h;
        action_error_code why{};
        const bool ok = copy.try_apply(a, &why);
        INFO("probe: ", describe(a), ", expected ", expected ? "legal" : "illegal");
        CHECK(ok == expected);
        CHECK(h.is_legal(a) == ok);
        if (!ok) CHECK(copy == h);
    };
    if (!l.seat) {
        for (int s = 0; s < h.players(); ++s) CHECK_FALSE(h.is_legal(action::check_or_call_by(s)));
        return;
    }
    const int s = *l.seat;
    for (int other = 0; other < h.players(); ++other)
        if (other != s) {
            CHECK_FALSE(h.is_legal(action::check_or_call_by(other)));
            CHECK_FALSE(h.is_legal(action::fold_by(other)));
        }
    switch (l.at) {
        case phase::betting: {
            CHECK(h.is_legal(action::fold_by(s)) == l.can_fold);
            CHECK(h.is_legal(action::check_or_call_by(s)) == (l.can_check || l.can_call));
            CHECK(h.is_legal(action::bring_in_by(s)) == l.can_bring_in);
            CHECK_FALSE(h.is_legal(action::discard(s, {})));
            CHECK_FALSE(h.is_legal(action::show_by(s)));
            if (l.can_raise) {
                CHECK(l.max_to > 0);
                for (chips to : {l.min_to - 1, l.min_to, l.max_to, l.max_to + 1}) {
                    const bool expected = l.raise_is_all_in_only ? to == l.max_to : to >= l.min_to && to <= l.max_to;
                    probe(action::raise_to(s, to), expected);
                }
                if (!l.raise_is_all_in_only && l.max_to > l.min_to + 1) {
                    const chips between =
                        l.min_to + 1 +
                        static_cast<chips>(uniform_below(rng, static_cast<std::uint64_t>(l.max_to - l.min_to - 1)));
                    probe(action::raise_to(s, between), true);
                }
            } else {
                const auto seat = static_cast<std::size_t>(s);
                probe(action::raise_to(s, h.street_bets()[seat] + h.stacks()[seat]), false);
            }
            break;
        }
        case phase::drawing:
            CHECK(l.can_draw);
            probe(action::discard(s, {}), true);
            CHECK_FALSE(h.is_legal(action::check_or_call_by(s)));
            break;
        case phase::showdown:
            if (l.can_choose_runouts) {
                CHECK_FALSE(l.can_show);
                CHECK(l.most_runouts >= 2);
                const int most = l.most_runouts;
                for (int times : {0, 1, most, most + 1})
                    probe(action::choose_runouts_by(s, times), times >= 1 && times <= most);
                CHECK_FALSE(h.is_legal(action::show_by(s)));
                CHECK_FALSE(h.is_legal(action::muck_by(s)));
                break;
            }
            CHECK_FALSE(h.is_legal(action::choose_runouts_by(s, 1)));
            CHECK(h.is_legal(action::show_by(s)) == l.can_show);
            CHECK(h.is_legal(action::muck_by(s)) == l.can_muck);
            if (l.must_show) CHECK_FALSE(l.can_muck);
            CHECK_FALSE(h.is_legal(action::check_or_call_by(s)));
            break;
        default: FAIL_CHECK("a seat to act outside betting, drawing and the showdown: ", to_string(l.at));
    }
}

/// What to check while playing random hands.
struct play_checks {
    bool probes = true;           // legal() against try_apply on copies
    bool restore = true;          // restore(serialize()) at random points continues identically
    bool replay = true;           // the same seed and the same actions give the same hand
    int max_decisions = 3000;     // a hand that takes longer is a failure
};

/// One hand played at random: the seat decisions applied, in order.
struct played_hand {
    std::optional<hand_state> state;
    std::vector<action> decisions;
};

/// Plays one hand from `hand_state(config, deal_seed)` with actions drawn from
/// `action_seed`. With `restore_seed` nonzero the state is replaced by
/// `restore(serialize())` at random points chosen by that seed (the actions do
/// not depend on it, so the hand must come out the same).
inline played_hand play_random_hand(const hand_config& config, std::uint64_t deal_seed, std::uint64_t action_seed,
                                    bool probes, std::uint64_t restore_seed, int max_decisions) {
    played_hand out;
    out.state.emplace(config, deal_seed);
    hand_state& h = *out.state;
    xoshiro256ss actions{action_seed};
    xoshiro256ss probe_rng{action_seed ^ 0x9E3779B97F4A7C15ULL};
    xoshiro256ss restore_rng{restore_seed};
    check_invariants(h);
    while (!h.is_complete()) {
        if (static_cast<int>(out.decisions.size()) >= max_decisions) {
            FAIL_CHECK("the hand did not end after ", max_decisions, " decisions: ", h.serialize());
            break;
        }
        if (!h.to_act()) {
            FAIL_CHECK("a seeded hand waits for the dealer in phase ", to_string(h.current_phase()));
            break;
        }
        if (probes) check_legal_agrees(h, probe_rng);
        if (restore_seed != 0 && uniform_below(restore_rng, 6) == 0) {
            const std::string text = h.serialize();
            hand_state back = hand_state::restore(text);
            CHECK(back == h);
            CHECK(back.serialize() == text);
            h = std::move(back);
        }
        const action a = random_action(h, actions, static_cast<int>(out.decisions.size()));
        action_error_code why{};
        if (!h.try_apply(a, &why)) {
            FAIL_CHECK("legal() offered ", describe(a), " but it was refused: ", to_string(why), "; state ",
                       h.serialize());
            break;
        }
        out.decisions.push_back(a);
        check_invariants(h);
    }
    return out;
}

/// Plays `hands` random hands of `game` under `structure`, each with a random
/// configuration, checking everything above.
inline void check_random_hands(const any_game& game, betting_structure structure, int hands, std::uint64_t seed,
                               const play_checks& checks = {}) {
    xoshiro256ss rng{seed};
    for (int i = 0; i < hands; ++i) {
        const hand_config config = random_config(game, structure, rng);
        const std::uint64_t deal_seed = rng();
        const std::uint64_t action_seed = rng();
        const std::uint64_t restore_seed = rng() | 1;
        INFO(traits_of(game).name, " ", to_string(structure), " hand ", i, " of seed ", seed, ": ",
             config.players(), " players, profile ", config.rules.name, ", deal seed ", deal_seed);
        played_hand first = play_random_hand(config, deal_seed, action_seed, checks.probes, 0, checks.max_decisions);
        if (!first.state->is_complete()) return;  // already reported
        if (checks.restore) {
            played_hand again = play_random_hand(config, deal_seed, action_seed, false, restore_seed,
                                                 checks.max_decisions);
            CHECK(again.decisions == first.decisions);
            CHECK(*again.state == *first.state);
            CHECK(again.state->serialize() == first.state->serialize());
        }
        if (checks.replay) {
            // A hand dealt again by `redeal` after the hand just played is a new hand.
            hand_state replay = *first.state;
            replay.redeal(deal_seed);
            CHECK(replay == hand_state{config, deal_seed});
            for (const action& a : first.decisions) {
                action_error_code why{};
                const bool ok = replay.try_apply(a, &why);
                CHECK_MESSAGE(ok, "the replay refused ", describe(a), ": ", to_string(why));
                if (!ok) break;
            }
            CHECK(replay == *first.state);
            CHECK(std::ranges::equal(replay.history(), first.state->history()));
            CHECK(to_vector(replay.stacks()) == to_vector(first.state->stacks()));
        }
    }
}

/// The same for every betting structure.
inline void check_random_hands_all_structures(std::string_view game, int hands, std::uint64_t seed,
                                              const play_checks& checks = {}) {
    const any_game g = find_game(game);
    for (betting_structure s :
         {betting_structure::fixed_limit, betting_structure::pot_limit, betting_structure::no_limit}) {
        check_random_hands(g, s, hands, seed + static_cast<std::uint64_t>(s), checks);
    }
}

}  // namespace play_testing
