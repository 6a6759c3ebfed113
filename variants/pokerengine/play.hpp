#pragma once
// Playing one hand of any game: forced bets, dealing, betting, drawing and the
// showdown, as a validated state machine. A server asks `legal()` what the
// seat to act may do, applies the seat's choice with `apply`, and sends each
// player `view_for(seat)`. Every rule choice where the rule books disagree is
// a field of `rule_profile`.
//
//     hand_config config = hand_config::standard("holdem", betting_structure::no_limit, 3, 200);
//     hand_state hand{config, 42};                  // posts the blinds, deals from a seeded deck
//     while (!hand.is_complete()) hand.apply(hand.legal().passive());   // check, call or show
//     auto stacks = hand.stacks();                  // the finishing stacks

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/container/small_vector.hpp>
#include <boost/container/static_vector.hpp>

#include "pokerengine/card.hpp"
#include "pokerengine/card_set.hpp"
#include "pokerengine/deck.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/pot.hpp"
#include "pokerengine/random.hpp"
#include "pokerengine/rule_profile.hpp"
#include "pokerengine/settlement.hpp"

namespace pokerengine::detail {
struct betting_policy;  // a betting structure's rules, chosen once per hand (variants/src/play)
struct raise_context;
}  // namespace pokerengine::detail

namespace pokerengine::play {

/// The most players at one table.
inline constexpr int max_seats = 10;

// Betting structures are part of a game's description (game.hpp).
using pokerengine::betting_structure;
using pokerengine::parse_betting_structure;
using pokerengine::to_string;
/// A tournament hand follows the stricter showing and folding rules; a cash
/// game lets a seat fold when it could check and muck an all-in hand.
enum class play_mode : std::uint8_t { tournament, cash_game };

/// How a seeded hand turns its seed into cards (docs/play.md, "The seeded
/// deal"). Both are uniform shuffles of `xoshiro256ss{seed}`; they deal
/// different cards from the same seed, so a seed means a deal only with its order.
enum class dealing_order : std::uint8_t {
    /// Version 1, the default: the whole deck shuffled before the first card
    /// (`Deck::shuffle`), then dealt from the top. Every stored seed is this.
    whole_shuffle,
    /// Version 2: each card drawn from the stub as it is dealt
    /// (`Deck::deal_random`), one draw per card used instead of one per card
    /// in the deck: a heads-up hold'em hand draws 12 times, not 51 (simulations).
    card_by_card,
};
/// The order's name in saved hands and options: "whole-shuffle", "card-by-card".
std::string_view to_string(dealing_order order);


/// Antes, blinds, straddles, live posts and the stud bring-in, per seat in
/// PHH order (seat 0 is the first player dealt to; in button games seat 0 is
/// the small blind and the last seat the button; heads-up the button is seat 1
/// and posts the small blind, so `blinds_or_straddles` is `{2, 1}` for 1/2).
struct forced_bets {
    std::vector<chips> antes;                // empty: none
    bool ante_trimming = false;              // false: antes are dead money in the main pot
    std::vector<chips> blinds_or_straddles;  // empty: none
    std::vector<chips> live_posts;           // a new player's live big blind; does not move the opener
    chips bring_in = 0;                      // stud only

    /// Small blind, big blind and straddles placed on the seats of an
    /// `players`-seat table: `{1, 2}` gives seat 0 the small blind and seat 1
    /// the big blind, heads-up seat 1 (the button) the small blind and seat 0
    /// the big blind; a third amount is the under-the-gun straddle.
    static std::vector<chips> blinds(int players, std::span<const chips> small_big_straddles);

    friend bool operator==(const forced_bets&, const forced_bets&) = default;
};

/// Bet sizes: fixed limit uses the small and big bet; pot and no limit the minimum bet.
struct stakes {
    chips small_bet = 0;
    chips big_bet = 0;
    chips min_bet = 0;

    friend bool operator==(const stakes&, const stakes&) = default;
};

/// What is wrong with a hand's or a table's configuration.
enum class config_error_code : std::uint8_t {
    player_count,                 // fewer than 2 or more than `max_seats` players (a table: seats)
    stack_not_positive,           // a starting stack of 0 or less
    too_many_chips,               // the stacks add up to more than 2^62 chips
    wrong_length,                 // a per-seat array whose length is not the number of players
    amount_out_of_range,          // a negative forced bet (or one past 2^62)
    bring_in_in_blind_game,       // a bring-in in a game dealt with blinds
    blinds_in_stud_game,          // blinds beside a bring-in, or at a stud table
    bring_in_above_bet,           // a bring-in above the small bet (or the minimum bet)
    missing_bet_size,             // fixed limit without a positive small and big bet, pot or no limit without `min_bet`
    big_bet_below_small_bet,      // fixed limit: the big bet below the small bet
    missing_big_blind,            // a button-game table without a positive big blind
    small_blind_above_big_blind,  // a table whose small blind is larger than its big blind
    too_many_for_deck,            // more players than the deck can deal to when every one stays
    unknown_rule_profile,         // rule_profile::named of a name it does not know
    bet_size_for_other_structure, // a fixed-limit bet size in pot or no limit, or a minimum bet in fixed limit
    rule_out_of_range,            // a rule profile's number outside its range (`most_runouts` not 1 to 4)
    unknown_dealing_order,        // a `dealing_order` that is neither of its values
    cap_below_forced_bets,        // a cap game's cap below what a seat must post
};
/// The code as scripts see it: "player_count", ...
std::string_view to_string(config_error_code code);

/// A bad configuration: a wrong array length, a stack of 0, a bring-in in a
/// blind game, more players than the deck can deal to. `code()` says which;
/// the message starts with the field at fault.
class config_error : public std::invalid_argument {
public:
    config_error(config_error_code code, const std::string& message) : std::invalid_argument(message), code_(code) {}
    config_error_code code() const { return code_; }

private:
    config_error_code code_;
};

/// The order named "whole-shuffle" or "card-by-card"; throws `config_error`
/// (`unknown_dealing_order`) for another name.
dealing_order parse_dealing_order(std::string_view name);

/// A hand's options as `poker play` takes them (and Python's `HandState`),
/// each left unset for its usual value: six seats, stacks of 200, blinds 1 and
/// 2 (stud: ante 1 and bring-in 2), small bet 2 and big bet twice the small
/// bet, minimum bet the big blind (or 2), the game's usual structure.
struct hand_options {
    std::optional<betting_structure> structure;
    int seats = 6;
    std::vector<chips> stacks;                 // empty: 200 each; one amount: every seat's
    std::optional<std::vector<chips>> blinds;  // small, big, then straddles (button games)
    std::vector<chips> antes;                  // empty: 1 each in stud, else none; one amount: every seat's
    std::optional<chips> bring_in, small_bet, big_bet, min_bet;
};

/// Everything that fixes a hand before the first card.
struct hand_config {
    any_game game;
    betting_structure structure = betting_structure::no_limit;
    play_mode mode = play_mode::tournament;
    forced_bets forced;
    stakes limits;
    std::vector<chips> starting_stacks;
    rule_profile rules = rule_profile::wsop_2024();
    dealing_order dealing = dealing_order::whole_shuffle;
    /// Cap games: the most a player puts into the hand, forced bets included
    /// (0: no cap). A player who reaches it bets no more, as one all-in; the
    /// chips of a stack above it stay out of the hand and come back at its end.
    chips cap = 0;

    /// The usual configuration of a game: blinds 1 and 2 (stud: ante 1 and
    /// bring-in 2), small bet 2 and big bet 4, minimum bet 2, equal stacks.
    static hand_config standard(std::string_view game, betting_structure structure, int players, chips stack);
    /// The structure a game is usually played with (its traits' `usual_structure`):
    /// no limit for hold'em, short deck and deuce-to-seven single draw, pot
    /// limit for Omaha, fixed limit for the rest.
    static betting_structure usual_structure(const any_game& game);
    /// The configuration `options` describe, with the WSOP 2024 rules in a
    /// tournament (set `rules` and `mode` after). Throws `config_error` naming
    /// the first bad option: blinds in a stud game, a bring-in in a blind game,
    /// a minimum bet in fixed limit, a list whose length is not the seats'.
    static hand_config from_options(std::string_view game, const hand_options& options);

    /// Throws `config_error` naming the first bad field.
    void validate() const;

    int players() const { return static_cast<int>(starting_stacks.size()); }
    friend bool operator==(const hand_config& a, const hand_config& b) {
        return a.game.index() == b.game.index() && a.structure == b.structure && a.mode == b.mode &&
               a.forced == b.forced && a.limits == b.limits && a.starting_stacks == b.starting_stacks &&
               a.rules == b.rules && a.dealing == b.dealing && a.cap == b.cap;
    }
};

/// Where a hand is.
enum class phase : std::uint8_t {
    dealing,   // the dealer owes cards (manual dealing only: seeded hands deal at once)
    drawing,   // a seat stands pat or discards
    betting,   // a seat owes a betting decision
    showdown,  // a seat shows or mucks
    complete,  // the pots are pushed; the stacks are final
};
std::string_view to_string(phase p);

/// An action's cards: at most eight (a stud street deals three, a showdown shows seven).
using action_cards = boost::container::static_vector<Card, 8>;

/// The cards of an action; throws `std::invalid_argument` for more than eight.
template <class Cards>
action_cards to_action_cards(const Cards& cards) {
    if (cards.size() > action_cards::static_capacity)
        throw std::invalid_argument("an action holds at most 8 cards, got " + std::to_string(cards.size()));
    return action_cards(cards.begin(), cards.end());
}

/// What a seat or the dealer does.
struct action {
    enum class kind : std::uint8_t {
        post_ante,       // automatic
        post_blind,      // automatic: a blind, straddle or live post
        deal_hole,       // dealer: cards to `seat`
        deal_board,      // dealer: shared cards
        burn,            // dealer: a card burned (automatic; a card may be given when dealing by hand)
        stand_pat_or_discard,
        post_bring_in,
        fold,
        check_or_call,
        complete_bet_or_raise_to,
        show,            // `cards` empty: show every card held
        muck,
        choose_runouts,  // a cash game's all-in: the times (`amount`) the seat asks the rest of the board to be dealt
    };
    kind what = kind::check_or_call;
    std::int8_t seat = -1;  // the acting seat; for deal_hole the seat dealt to; -1 for the dealer
    chips amount = 0;       // post amounts; complete/bet/raise TO this street total
    action_cards cards;     // dealt, discarded or shown cards

    static action fold_by(int seat) { return {kind::fold, static_cast<std::int8_t>(seat), 0, {}}; }
    static action check_or_call_by(int seat) { return {kind::check_or_call, static_cast<std::int8_t>(seat), 0, {}}; }
    static action raise_to(int seat, chips to) {
        return {kind::complete_bet_or_raise_to, static_cast<std::int8_t>(seat), to, {}};
    }
    static action bring_in_by(int seat) { return {kind::post_bring_in, static_cast<std::int8_t>(seat), 0, {}}; }
    template <class Cards = CardList>
    static action discard(int seat, const Cards& cards) {
        return {kind::stand_pat_or_discard, static_cast<std::int8_t>(seat), 0, to_action_cards(cards)};
    }
    static action show_by(int seat) { return {kind::show, static_cast<std::int8_t>(seat), 0, {}}; }
    static action choose_runouts_by(int seat, int times) {
        return {kind::choose_runouts, static_cast<std::int8_t>(seat), times, {}};
    }
    static action muck_by(int seat) { return {kind::muck, static_cast<std::int8_t>(seat), 0, {}}; }
    template <class Cards = CardList>
    static action deal_hole_to(int seat, const Cards& cards) {
        return {kind::deal_hole, static_cast<std::int8_t>(seat), 0, to_action_cards(cards)};
    }
    template <class Cards = CardList>
    static action deal_board_cards(const Cards& cards) {
        return {kind::deal_board, -1, 0, to_action_cards(cards)};
    }

    /// Whether the seat decides it (not the dealer, not a forced bet).
    bool is_seat_decision() const {
        return what >= kind::stand_pat_or_discard;
    }
    friend bool operator==(const action&, const action&) = default;
};

/// Why an action was refused.
enum class action_error_code : std::uint8_t {
    not_your_turn,
    wrong_phase,
    below_minimum,
    above_maximum,
    not_a_legal_amount,
    raise_cap_reached,
    betting_not_reopened,
    nobody_left_to_call,
    card_not_in_deck,
    card_already_dealt,
    wrong_card_count,
    discard_not_held,
    too_many_discards,
    must_post_bring_in,
    must_show,
    hand_complete,
    unnecessary_fold,  // a fold when checking is free, in a tournament
};
/// The code as scripts see it: "not_your_turn", ...
std::string_view to_string(action_error_code code);

/// A refused action: `code()` says why, `what()` says it in words, naming the
/// seat as its PHH player (seat 2 is "player 3"): "player 3 cannot raise: since
/// they acted the bet rose only from 1,000 to 1,300, all-in short of a full raise".
class action_error : public std::invalid_argument {
public:
    action_error(action_error_code code, const std::string& message) : std::invalid_argument(message), code_(code) {}
    action_error_code code() const { return code_; }

private:
    action_error_code code_;
};

/// What the seat to act may do, with exact amounts (all amounts are totals
/// for the street, "to" amounts, except `call_amount`).
struct legal_actions {
    std::optional<int> seat;  // empty when no seat owes a decision
    phase at = phase::complete;
    bool can_fold = false;
    bool can_check = false;
    bool can_call = false;
    chips call_amount = 0;     // chips to add to call (all-in when short)
    bool can_bring_in = false;
    chips bring_in_amount = 0;
    bool can_raise = false;    // complete, bet or raise
    chips min_to = 0, max_to = 0;
    chips pot_to = 0;          // pot limit: the size of a pot raise (also with max_to capped by the stack)
    bool raise_is_all_in_only = false;  // the only raise left is all-in (max_to) for less than min_to
    bool can_draw = false;
    int max_discards = 0;
    bool can_show = false;
    bool can_muck = false;
    bool must_show = false;
    bool any_order = false;  // showdown with a seat all-in: every seat still to show or muck may act now, not only `seat`
    bool can_choose_runouts = false;  // the seat says how many times to run the rest of the board, 1 to `most_runouts`
    std::uint8_t most_runouts = 0;    // 0 unless `can_choose_runouts` (a byte: the struct keeps its size)

    /// The cheapest legal action: check, call, post the bring-in, stand pat,
    /// show, or run the board once.
    action passive() const;
};

/// Where a seat stands in the hand.
enum class seat_status : std::uint8_t { in_hand, all_in, folded, mucked };

/// One seat's cards: face down and face up (stud), in the order dealt.
struct seat_cards {
    CardList cards;
    std::uint16_t up_mask = 0;  // bit i: cards[i] is face up

    bool is_up(std::size_t i) const { return (up_mask >> i) & 1U; }
    CardSet up_cards() const;
    CardSet all() const;
    friend bool operator==(const seat_cards&, const seat_cards&) = default;
};

/// What one seat may know: its own cards, the cards face up, the board, the
/// cards shown, and every amount. Never another seat's down cards or the deck.
struct seat_view {
    int seat = 0;
    phase at = phase::complete;
    int street = 0;
    std::optional<int> to_act;
    std::vector<chips> stacks, street_bets, contributions;
    chips pot_total = 0;
    CardList board;                    // the board being dealt (a hand run more than once: the current runout's)
    std::vector<CardList> runout_boards;  // a hand run more than once: the boards of the runouts before it
    std::vector<seat_status> status;
    std::vector<seat_cards> visible;   // per seat: own cards in full, others' up and shown cards
    std::vector<int> card_counts;      // per seat: how many cards it holds
    legal_actions legal;               // empty unless this seat is to act
    std::vector<action> history;       // others' down cards and discards: how many in `amount`, no cards
};

/// The end of a hand: each pot with the seats that could win it (after the
/// mucks) and how it was divided, the hands shown, the payouts and stacks.
struct hand_result {
    std::vector<pot_result> pots;                 // main pot first
    std::vector<std::optional<shown_hand>> high;  // per seat, shown hands only
    std::vector<std::optional<shown_hand>> low;
    std::vector<chips> payouts;
    std::vector<chips> finishing_stacks;
    /// A hand run more than once: each board and the hands shown on it (the
    /// first board's hands are also `high` and `low` above). Empty when the
    /// board was dealt once.
    struct runout {
        CardList board;
        std::vector<std::optional<shown_hand>> high, low;
    };
    std::vector<runout> runouts;
};

/// Tag for a hand whose every card is given by the caller (replays, tests, a live dealer).
struct manual_dealing_t {};
inline constexpr manual_dealing_t manual_dealing{};

/// One hand in progress. A value: copy it, compare it, keep it; nothing global.
class hand_state {
public:
    /// Posts the forced bets and deals from the game's deck shuffled by
    /// `xoshiro256ss{seed}`, in the order given in docs/play.md, up to the
    /// first decision. Throws `config_error`.
    hand_state(const hand_config& config, std::uint64_t seed);
    /// Posts the forced bets and waits for the dealer's cards.
    hand_state(const hand_config& config, manual_dealing_t);

    /// Starts a new seeded hand with this hand's configuration: the same as
    /// `*this = hand_state{config(), seed}` (whatever this hand was, manual or
    /// not, finished or not), without checking and copying the configuration
    /// again. For simulations that play hand after hand. Only allocation can
    /// throw (`std::bad_alloc`); the hand must then be redealt or assigned.
    ///
    ///     for (std::uint64_t s = 0; s < n; ++s) { hand.redeal(s); play(hand); }
    void redeal(std::uint64_t seed);

    /// Applies an action; throws `action_error` and changes nothing when the
    /// rules do not allow it now. Seeded hands then deal what is owed.
    void apply(const action& a);
    /// The same, returning false (and the code in `why`) instead of throwing.
    bool try_apply(const action& a, action_error_code* why = nullptr) noexcept;
    /// Whether `apply(a)` would succeed.
    bool is_legal(const action& a) const noexcept;

    phase current_phase() const { return phase_; }
    std::optional<int> to_act() const;
    legal_actions legal() const;
    bool is_complete() const { return phase_ == phase::complete; }
    /// The betting round, 0 for the first.
    int street() const { return street_; }
    int players() const { return players_; }
    /// The configuration the hand was dealt with.
    hand_config config() const;
    /// Whether the dealer's cards come from the caller.
    bool manual() const { return manual_; }
    /// The seed of the deck's shuffle (0 when the caller deals).
    std::uint64_t seed() const { return seed_; }

    /// Each seat's chips not in the pots; in a cap game, until the end, only what it may still put in.
    std::span<const chips> stacks() const { return {stacks_.data(), static_cast<std::size_t>(players_)}; }
    std::span<const chips> street_bets() const { return {bets_.data(), static_cast<std::size_t>(players_)}; }
    /// Everything each seat has put in this hand, antes included.
    std::vector<chips> contributions() const;
    /// Chips in the middle: the pots and this street's bets.
    chips pot_total() const;
    /// The main and side pots as they stand (this street's bets included).
    std::vector<pot> pots() const;
    seat_status status(int seat) const { return status_.at(static_cast<std::size_t>(seat)); }
    /// The board; a hand run more than once: the board of the runout dealt last.
    CardList board() const { return board_; }
    /// How many times the rest of the board is dealt: 1, or what every seat
    /// chose at a cash game's all-in (`rule_profile::most_runouts`).
    int runouts() const { return runouts_; }
    /// Every board dealt so far, one a runout (one board when dealt once).
    std::vector<CardList> boards() const;
    const seat_cards& hole_cards(int seat) const { return hole_.at(static_cast<std::size_t>(seat)); }
    /// Every action applied, the dealer's and the forced bets included.
    std::span<const action> history() const { return {history_.data(), history_.size()}; }
    seat_view view_for(int seat) const;

    /// Chips each seat received from the pots (all zero before the end).
    std::span<const chips> payouts() const { return {payouts_.data(), static_cast<std::size_t>(players_)}; }
    /// The pots, their winners and the hands shown. Throws `std::logic_error` before the end.
    hand_result result() const;
    /// The pots and their winners only (`result().pots` without describing
    /// the hands: cheaper). Throws `std::logic_error` before the end.
    std::vector<pot_result> pot_results() const;

    /// A lossless text form of the hand in progress; `restore` continues it
    /// identically. The same as `serialize(hand)` and `restore(text)` of
    /// pokerengine/notation.hpp, where the text forms live.
    std::string serialize() const;
    static hand_state restore(std::string_view text);

    friend bool operator==(const hand_state&, const hand_state&);

private:
    enum class step : std::uint8_t { burn, hole, board, discard, draw_burn, replace, betting, done };
    struct raise_limits {
        std::optional<action_error_code> refused;
        chips min_to = 0, max_to = 0, pot_to = 0;
        bool all_in_only = false;
    };

    // Checking an action (state.cpp, betting.cpp, dealing.cpp): a code, and the words only when asked.
    std::optional<action_error_code> check(const action& a, std::string* why) const;
    std::optional<action_error_code> check_draw(const action& a, std::string* why) const;
    std::optional<action_error_code> check_show(const action& a, std::string* why) const;
    std::optional<action_error_code> check_betting(const action& a, std::string* why) const;
    std::optional<action_error_code> check_raise(const action& a, std::string* why) const;
    std::optional<action_error_code> check_cards(const action& a, std::string* why) const;
    std::optional<action_error_code> check_dealt_cards(const action& a, std::string* why) const;
    // Applying a checked action; a bet or raise by the actor's limits (`actor_limits_`).
    void perform(const action& a);
    void perform_deal(const action& a);
    void perform_discard(const action& a);
    void perform_bet(const action& a);
    void perform_raise(const action& a);
    void perform_show(const action& a);
    void record(const action& a) {
        if (history_.size() == history_.capacity()) grow_history();
        history_.push_back(a);
    }
    void reserve_history();
    void grow_history();
    std::size_t usual_history_length() const;
    bool chips_conserved() const;  // stacks and pots add up to the starting stacks
    // A cap game's chips of the seat's stack above the cap, out of the hand until its end.
    chips behind_cap(int seat) const {
        const chips start = config_.starting[static_cast<std::size_t>(seat)];
        return config_.cap > 0 && start > config_.cap ? start - config_.cap : 0;
    }

    // The configuration and the forced bets (state.cpp).
    void post_forced_bets();
    void set_status(std::size_t seat, seat_status to);
    bool live(int s) const {
        auto st = status_[static_cast<std::size_t>(s)];
        return st == seat_status::in_hand || st == seat_status::all_in;
    }
    bool can_bet(int s) const { return status_[static_cast<std::size_t>(s)] == seat_status::in_hand; }
    int live_count() const { return live_seats_; }      // in the hand, all-in or not
    int betting_count() const { return betting_seats_; }  // in the hand with chips
    const street_plan& plan() const { return traits_->streets.items[static_cast<std::size_t>(street_)]; }

    // Dealing and draws (dealing.cpp).
    void advance();
    bool deal_owed_cards(bool replacements);
    bool deal_board_step();
    void begin_draw();
    void draw_burn();
    void start_street();
    void deal_hole_automatic();
    void deal_replacements_automatic();
    void take_hole_cards(int seat, const Card* cards, std::size_t count);
    Card next_card();
    [[gnu::noinline]] Card draw_card();
    void reshuffle_for_draw(bool keep_current_discards);
    int stub_size() const;
    bool draws_remain() const;
    void end_street();

    // Betting (betting.cpp), by the structure's policy.
    bool begin_betting();
    void after_betting_action(int seat);
    void collect_bets();
    raise_limits limits_for(int seat) const;
    // The seat to act in a betting round, with its raise limits worked out once
    // for `legal()` and `apply`'s check alike.
    void set_betting_actor(int seat) {
        actor_ = seat;
        actor_limits_ = limits_for(seat);
    }
    detail::raise_context round_context(int seat) const;
    chips street_unit() const;  // by the policy; `unit_` holds it for the round
    chips call_level() const { return betting_seats_ >= 2 ? std::max(high_bet_, forced_level_) : high_bet_; }
    bool needs_to_act(int seat) const {
        if (!can_bet(seat)) return false;
        const auto i = static_cast<std::size_t>(seat);
        return bets_[i] < call_level() || (!acted_[i] && betting_seats_ >= 2);
    }
    bool raise_rights(int seat) const;
    bool someone_else_can_bet(int seat) const { return betting_count() - (can_bet(seat) ? 1 : 0) > 0; }
    bool someone_can_put_in_more(int seat, chips level) const;
    bool cap_reached() const;
    rule_profile::raise_cap_lift cap_lift_rule() const;
    int next_to_act(int after) const;
    int opener() const;
    int stud_opener(opener_rule rule) const;

    // The showdown and the hand-off to settlement (showdown.cpp).
    bool offers_runouts() const;
    int most_runouts_now() const;
    void begin_runout_choice();
    void perform_runout_choice(const action& a);
    std::optional<action_error_code> check_runout_choice(const action& a, std::string* why) const;
    void next_runout();
    CardList runout_board(int runout) const;
    void begin_showdown(bool before_runout);
    void next_shower();
    bool shows_in_any_order() const;
    bool holds_unshown_down_card(int seat) const;
    int next_undecided() const;
    void finish();
    // The payouts by the one settlement path; the pots and the hands shown in `out` when given.
    std::array<chips, max_seats> settle_hand(hand_result* out, bool describe_hands = true) const;
    template <bool several_boards>
    std::array<chips, max_seats> settle_boards(hand_result* out, bool describe_hands) const;

    // The configuration, held in fixed arrays so that a hand never allocates for it.
    struct setup {
        any_game game;
        betting_structure structure = betting_structure::no_limit;
        play_mode mode = play_mode::tournament;
        bool ante_trimming = false;
        bool has_antes = false, has_blinds = false, has_live_posts = false;
        chips bring_in = 0;
        stakes limits;
        rule_profile rules;
        dealing_order dealing = dealing_order::whole_shuffle;
        chips cap = 0;
        bool long_history = false;  // stud and draw games: the history is reserved at the deal
        chips nominal_blind = 0;    // the largest blind, straddle or live post: the first round's bet
        int first_opener = 0;       // the first round's opener by position: left of the largest blind
        std::array<chips, max_seats> antes{}, blinds{}, live_posts{}, starting{};
        friend bool operator==(const setup& a, const setup& b) {
            return a.game.index() == b.game.index() && a.structure == b.structure && a.mode == b.mode &&
                   a.ante_trimming == b.ante_trimming && a.has_antes == b.has_antes &&
                   a.has_blinds == b.has_blinds && a.has_live_posts == b.has_live_posts &&
                   a.bring_in == b.bring_in && a.limits == b.limits && a.rules == b.rules &&
                   a.dealing == b.dealing && a.cap == b.cap && a.long_history == b.long_history &&
                   a.nominal_blind == b.nominal_blind && a.first_opener == b.first_opener && a.antes == b.antes &&
                   a.blinds == b.blinds && a.live_posts == b.live_posts && a.starting == b.starting;
        }
    };
    static setup make_setup(const hand_config& config);
    void start_hand();
    void reset_play();

    setup config_;
    const game_traits* traits_;              // the game's, in static storage
    const detail::betting_policy* betting_;  // the structure's, in static storage
    int players_ = 0;
    bool manual_ = false;
    std::uint64_t seed_ = 0;
    xoshiro256ss rng_{0};
    Deck deck_;

    // The hand's progress: every member from here on gets its first value in
    // reset_play(), which starts every hand, new or redealt.
    phase phase_;
    step step_;
    int street_;

    std::array<chips, max_seats> stacks_, bets_, committed_, antes_, payouts_;
    chips dead_antes_;       // untrimmed antes: the main pot's
    chips collected_;        // bets and trimmed antes in the pots
    std::array<seat_status, max_seats> status_;
    int live_seats_, betting_seats_;
    std::array<seat_cards, max_seats> hole_;
    CardList board_;
    CardSet seen_;           // every card dealt, burned, discarded or mucked (manual dealing checks)
    CardSet reusable_;       // burns, mucks and earlier discards: what a draw reshuffle takes
    CardSet discards_now_;   // this drawing round's discards
    int implicit_burns_;
    bool draw_reshuffled_;   // dealing by hand: this draw (or stud street) has gone past the stub
    std::array<std::uint8_t, max_seats> discards_;  // cards each seat threw this drawing round
    std::array<std::uint8_t, max_seats> owed_;  // cards each seat is still owed this street
    std::array<std::uint8_t, max_seats> dealt_now_;  // cards each seat was dealt this street
    int board_owed_;

    // the betting round
    int actor_;              // seat to act: betting, drawing or showing
    raise_limits actor_limits_;  // while betting: limits_for(actor_), set with it
    chips high_bet_;         // the largest bet this street
    chips forced_level_;     // a short blind or bring-in is still called in full (R4, R5)
    chips full_level_;       // the bet after the last full bet or raise
    chips unit_;             // this street's bet unit (the small or big bet, or the minimum bet)
    chips raise_size_;       // the last full raise increment (pot and no limit)
    chips largest_raise_;    // the largest completion, bet or raise increment this street, all-ins included
    int bets_made_;          // bets and full raises this round (fixed-limit cap)
    bool bring_in_due_;      // the bring-in seat must post or complete
    bool completion_open_;
    bool cap_lifted_;
    int last_aggressor_;
    int round_opener_;
    int show_lead_;          // first to show: the last aggressor of the last betting round
    std::array<bool, max_seats> acted_;
    std::array<chips, max_seats> level_when_acted_;
    // the showdown
    std::array<bool, max_seats> decided_;
    std::array<bool, max_seats> shown_;
    std::array<std::uint8_t, max_seats> shown_count_;  // cards the seat held when it showed
    std::array<std::uint8_t, max_seats> muck_order_;  // 1 for the first seat to muck, 2 for the next...
    std::uint8_t mucks_;
    bool shows_done_;
    bool shows_before_runout_;
    // several runouts: chosen at a cash game's all-in when the profile allows
    bool choosing_runouts_;
    std::uint8_t runouts_;   // times the rest of the board is dealt
    std::uint8_t runout_;    // the runout being dealt, 0 for the first
    std::uint8_t runout_street_;  // the street each runout starts from
    std::uint8_t runout_common_;  // the board cards every runout shares
    std::uint8_t runout_limit_;  // while they choose: the most runouts the rules and the stub allow
    std::array<std::uint8_t, max_seats> runout_choice_;  // each seat's choice; 0: not made yet
    boost::container::static_vector<Card, 15> runout_cards_;  // the finished runouts' own cards, in order

    // Inline room for a short hand's actions, so that most heads-up hands never allocate.
    boost::container::small_vector<action, 32> history_;
};

/// A random legal action for the seat to act, for simulations, tests and
/// benchmarks: a fold (when facing a bet), a check or call, a raise to the
/// minimum, the maximum or an amount between, a random discard, a show or
/// (where allowed) a muck. Throws `std::logic_error` when no seat is to act.
///
///     xoshiro256ss rng{7};
///     while (!hand.is_complete()) hand.apply(random_action(hand, rng));
action random_action(const hand_state& hand, xoshiro256ss& rng);

/// What a seat that does not act in time (timed out, disconnected) does, by
/// the seat to act's legal actions: checks when checking is free, else folds;
/// posts the bring-in it owes (a bring-in cannot be folded); stands pat at a
/// draw; mucks at the showdown unless the rules make it show (an all-in seat
/// in a tournament). Throws `std::logic_error` when no seat is to act (the
/// dealer owes cards, or the hand is over). docs/play.md section 4 cites the rules.
///
///     hand.apply(default_action(hand));   // the clock ran out
action default_action(const hand_state& hand);

// The text forms of actions live in pokerengine/notation.hpp (the notation
// layer, which defines them); declared here too for one release, so that
// users of play.hpp alone still compile.

/// Parses one action in PHH notation (`p2 cbr 300`, `d dh p1 AcKd`); throws
/// `notation_error`, a `std::invalid_argument` with a code. See notation.hpp.
action parse_action(std::string_view text);
/// The PHH text of an action; empty for the automatic ones (antes, blinds, burns). See notation.hpp.
std::string to_phh(const action& a);

}  // namespace pokerengine::play
