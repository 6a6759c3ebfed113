#include "pokerengine/table.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <span>
#include <string>
#include <utility>

namespace pokerengine::play {

namespace {

// The engine's bound on the chips of one hand (2^62), kept for the whole table.
constexpr chips chip_limit = chips{1} << 62;

std::string seat_name(int seat) { return "seat " + std::to_string(seat + 1); }

chips sum(std::span<const chips> v) { return std::accumulate(v.begin(), v.end(), chips{0}); }

}  // namespace

std::string_view to_string(table_error_code code) {
    using c = table_error_code;
    switch (code) {
        case c::no_such_seat: return "no_such_seat";
        case c::seat_empty: return "seat_empty";
        case c::seat_taken: return "seat_taken";
        case c::empty_name: return "empty_name";
        case c::duplicate_name: return "duplicate_name";
        case c::stack_not_positive: return "stack_not_positive";
        case c::amount_not_positive: return "amount_not_positive";
        case c::too_many_chips: return "too_many_chips";
        case c::hand_in_progress: return "hand_in_progress";
        case c::button_after_first_hand: return "button_after_first_hand";
        case c::not_enough_players: return "not_enough_players";
        case c::no_hand_in_progress: return "no_hand_in_progress";
        case c::hand_not_complete: return "hand_not_complete";
        case c::not_this_tables_hand: return "not_this_tables_hand";
        case c::duplicate_player: return "duplicate_player";
        case c::seat_count_changed: return "seat_count_changed";
        case c::inconsistent_saved_table: break;
    }
    return "inconsistent_saved_table";
}

std::string_view to_string(seat_change::kind what) {
    using k = seat_change::kind;
    switch (what) {
        case k::join: return "join";
        case k::leave: return "leave";
        case k::sit_out: return "sit_out";
        case k::come_back: return "come_back";
        case k::rebuy: break;
    }
    return "rebuy";
}

seat_change seat_change::join(int seat, std::string name, chips stack, entry how, std::string id) {
    return {kind::join, seat, stack, how, std::move(name), std::move(id)};
}

// ------------------------------------------------------------ configuration

table_config table_config::standard(std::string_view game, betting_structure structure, int seats) {
    const hand_config h = hand_config::standard(game, structure, 2, 1);
    table_config c;
    c.game = h.game;
    c.structure = structure;
    c.limits = h.limits;
    c.seats = seats;
    if (traits_of(c.game).family == game_family::stud) {
        c.ante = 1;
        c.bring_in = h.forced.bring_in;
    } else {
        c.small_blind = 1;
        c.big_blind = 2;
    }
    return c;
}

bool table_config::button_game() const { return traits_of(game).family != game_family::stud; }

void table_config::validate() const {
    using code = config_error_code;
    if (seats < 2 || seats > max_seats)
        throw config_error(code::player_count, "seats: a table has 2 to " + std::to_string(max_seats) +
                                                   " seats, not " + std::to_string(seats));
    if (small_blind < 0 || big_blind < 0 || ante < 0 || big_blind_ante < 0 || bring_in < 0)
        throw config_error(code::amount_out_of_range, "forced bets: blinds, antes and the bring-in cannot be negative");
    if (button_game()) {
        if (big_blind <= 0)
            throw config_error(code::missing_big_blind, "big_blind: a button game needs a positive big blind");
        if (small_blind > big_blind)
            throw config_error(code::small_blind_above_big_blind, "small_blind: must be at most the big blind");
        if (bring_in != 0)
            throw config_error(code::bring_in_in_blind_game,
                               "bring_in: " + std::string(traits_of(game).name) + " has blinds");
    } else if (small_blind != 0 || big_blind != 0 || big_blind_ante != 0) {
        throw config_error(code::blinds_in_stud_game, "blinds: a stud table has antes and a bring-in, no blinds");
    }
    // A cap must leave room for the most one seat may post in a hand: a returning player's missed
    // blinds with the ante, or the big blind with the big-blind ante (stud: the ante and the bring-in).
    // Each amount is 0 or more: their sum fits 128 bits. A negative cap is the hand's check below.
    __extension__ using wide = unsigned __int128;
    const wide most_posted = static_cast<wide>(ante) + static_cast<wide>(bring_in) + static_cast<wide>(small_blind) +
                             static_cast<wide>(big_blind) + static_cast<wide>(big_blind_ante);
    if (cap > 0 && most_posted > static_cast<wide>(cap))
        throw config_error(code::cap_below_forced_bets,
                           "cap: " + std::to_string(cap) + " is below what one seat may have to post in a hand (ante " +
                               std::to_string(ante) + ", bring-in " + std::to_string(bring_in) + ", blinds " +
                               std::to_string(small_blind) + " and " + std::to_string(big_blind) +
                               ", big-blind ante " + std::to_string(big_blind_ante) + ")");
    // The hand's own checks (bet sizes, the bring-in against the small bet) on a full table.
    hand_config h;
    h.game = game;
    h.structure = structure;
    h.mode = mode;
    h.rules = rules;
    h.limits = limits;
    h.dealing = dealing;
    h.cap = cap;
    h.starting_stacks.assign(static_cast<std::size_t>(seats), 1);  // and whether the deck deals to a full table
    if (button_game()) {
        const std::array<chips, 2> blinds{small_blind, big_blind};
        h.forced.blinds_or_straddles = forced_bets::blinds(seats, blinds);
    } else {
        h.forced.bring_in = bring_in;
    }
    try {
        h.validate();
    } catch (const config_error& e) {
        if (e.code() != code::too_many_for_deck) throw;
        // The table's field is the number of seats (a full table must be dealt to).
        throw config_error(code::too_many_for_deck, "seats: " + std::to_string(seats) + " seats are too many for " +
                                                        std::string(traits_of(game).name) + "'s deck of " +
                                                        std::to_string(deck_cards(traits_of(game).deck).size()) +
                                                        " cards");
    }
}

int hand_plan::hand_seat(int physical) const {
    auto it = std::find(seats.begin(), seats.end(), physical);
    return it == seats.end() ? -1 : static_cast<int>(it - seats.begin());
}

// ------------------------------------------------------------------ seating

table::table(table_config config, std::uint64_t seed)
    : config_(std::move(config)), seed_(seed) {
    config_.validate();
    seats_.resize(static_cast<std::size_t>(config_.seats));
}

std::uint64_t table::hand_seed(std::uint64_t table_seed, std::uint64_t number) {
    // SplitMix64's n-th output, computed directly: its state advances by a constant.
    splitmix64 mix{table_seed + (number - 1) * 0x9e37'79b9'7f4a'7c15ULL};
    return mix();
}

void table::check_seat(int seat) const {
    if (seat < 0 || seat >= config_.seats)
        throw table_error(table_error_code::no_such_seat, seat_name(seat) + " does not exist: the table has seats 1 to " +
                                                              std::to_string(config_.seats));
}

void table::check_between_hands(std::string_view what) const {
    if (in_progress_)
        throw table_error(table_error_code::hand_in_progress,
                          std::string(what) + " between hands only: hand " + std::to_string(hands_) + " is in progress");
}

seated_player& table::player(int seat) {
    check_seat(seat);
    auto& p = seats_[static_cast<std::size_t>(seat)];
    if (!p) throw table_error(table_error_code::seat_empty, seat_name(seat) + " is empty");
    return *p;
}

const std::optional<seated_player>& table::at(int seat) const {
    check_seat(seat);
    return seats_[static_cast<std::size_t>(seat)];
}

int table::players() const {
    return static_cast<int>(std::count_if(seats_.begin(), seats_.end(), [](const auto& p) { return p.has_value(); }));
}

chips table::total_chips() const {
    chips t = 0;
    for (const auto& p : seats_)
        if (p) t += p->stack;
    return t;
}

std::optional<int> table::seat_of(std::string_view id) const {
    if (id.empty()) return std::nullopt;
    for (std::size_t s = 0; s < seats_.size(); ++s)
        if (seats_[s] && seats_[s]->id == id) return static_cast<int>(s);
    return std::nullopt;
}

void table::join(int seat, std::string name, chips stack, entry how, std::string id) {
    check_between_hands("players join");
    check_seat(seat);
    auto& p = seats_[static_cast<std::size_t>(seat)];
    if (p) throw table_error(table_error_code::seat_taken, seat_name(seat) + " is taken by " + quoted(p->name));
    if (name.find_first_not_of(" \t\r\n") == std::string::npos)
        throw table_error(table_error_code::empty_name, seat_name(seat) + ": a player needs a name, not " + quoted(name));
    for (std::size_t other = 0; other < seats_.size(); ++other)
        if (seats_[other] && seats_[other]->name == name)
            throw table_error(table_error_code::duplicate_name, seat_name(seat) + ": " + quoted(name) +
                                                                    " is the name of the player in " +
                                                                    seat_name(static_cast<int>(other)));
    if (!id.empty())
        if (const std::optional<int> other = seat_of(id))
            throw table_error(table_error_code::duplicate_player, seat_name(seat) + ": the player " + quoted(id) +
                                                                      " sits in " + seat_name(*other));
    if (stack <= 0)
        throw table_error(table_error_code::stack_not_positive, seat_name(seat) + ": " + quoted(name) + " sits down with " +
                                                                    std::to_string(stack) +
                                                                    " chips; a stack must be positive");
    seated_player player;
    player.name = std::move(name);
    player.id = std::move(id);
    player.stack = stack;
    player.how = how;
    // Before the first hand every player drew for the button and is in the game (Robert's Rules).
    player.is_new = hands_ > 0;
    p = std::move(player);
}

chips table::leave(int seat) {
    check_between_hands("players leave");
    const chips stack = player(seat).stack;
    seats_[static_cast<std::size_t>(seat)].reset();
    return stack;
}

void table::sit_out(int seat) {
    check_between_hands("players sit out");
    player(seat).sitting_out = true;
}

void table::come_back(int seat, entry how) {
    check_between_hands("players come back");
    seated_player& p = player(seat);
    p.sitting_out = false;
    p.how = how;
}

void table::rebuy(int seat, chips amount, entry how) {
    check_between_hands("rebuys");
    seated_player& p = player(seat);
    if (amount <= 0)
        throw table_error(table_error_code::amount_not_positive, seat_name(seat) + ": a rebuy of " +
                                                                     std::to_string(amount) +
                                                                     " chips; the amount must be positive");
    if (amount > chip_limit - total_chips())
        throw table_error(table_error_code::too_many_chips,
                          seat_name(seat) + ": a rebuy past 2^62 chips on the table");
    if (p.stack == 0) p.how = how;
    p.stack += amount;
}

void table::set_button(int seat) {
    check_between_hands("the button is placed");
    check_seat(seat);
    if (hands_ > 0)
        throw table_error(table_error_code::button_after_first_hand, "the button is placed before the first hand only");
    first_button_ = seat;
}

// ------------------------------------------------- changes asked at any moment

seat_event table::make(const seat_change& c) {
    using k = seat_change::kind;
    seat_event e{c, {}, 0, 0, hands_};
    switch (c.what) {
        case k::join:
            join(c.seat, c.name, c.amount, c.how, c.id);
            e.chips_in = c.amount;
            break;
        case k::leave:
            e.player = player(c.seat);
            e.chips_out = leave(c.seat);
            return e;
        case k::sit_out: sit_out(c.seat); break;
        case k::come_back: come_back(c.seat, c.how); break;
        case k::rebuy:
            rebuy(c.seat, c.amount, c.how);
            e.chips_in = c.amount;
            break;
    }
    e.player = player(c.seat);
    return e;
}

// The table as it will be when the hand in progress ends and the changes asked are made.
// No check on a change depends on the stacks, which the hand changes, so a change this
// table accepts is made without fail at the hand's end.
table table::with_requests_made() const {
    table after = *this;
    after.in_progress_ = false;
    after.requests_.clear();
    for (const seat_change& c : requests_) after.make(c);
    return after;
}

std::optional<seat_event> table::request(seat_change change) {
    if (!in_progress_) return make(change);
    with_requests_made().make(change);  // throws as the change would be refused then
    requests_.push_back(std::move(change));
    return std::nullopt;
}

void table::change_config(table_config next) {
    next.validate();
    if (next.seats != config_.seats)
        throw table_error(table_error_code::seat_count_changed,
                          "seats: the table has " + std::to_string(config_.seats) + " seats, not " +
                              std::to_string(next.seats) + " (players keep their seats)");
    if (in_progress_) next_config_ = std::move(next);
    else config_ = std::move(next);
}

void table::reseed(std::uint64_t seed) {
    check_between_hands("the table is reseeded");
    seed_ = seed;
    if (current_) current_->seed = 0;
}

void table::place_button(int seat) {
    check_seat(seat);
    if (in_progress_) {
        next_button_ = seat;
        return;
    }
    first_button_ = seat;
    last_ = {};
}

// ------------------------------------------------------------------ planning

table::plan_result table::make_plan() const {
    int active = 0;
    for (const auto& p : seats_)
        if (p && p->active()) ++active;
    // A game that does not have two players in it starts again: whoever wants to play is in,
    // owing nothing, as in a new game where every player drew for the button.
    const bool restart = active < 2;
    plan_result r = config_.button_game() ? plan_button_game(restart) : plan_stud(restart);
    r.restart = restart;
    if (r.plan.seats.size() < 2)
        throw table_error(table_error_code::not_enough_players,
                          "fewer than two players can be dealt in (" + std::to_string(players()) +
                          " seated, " + std::to_string(active) + " in the game)");
    hand_plan& plan = r.plan;
    hand_config& c = plan.config;
    c.game = config_.game;
    c.structure = config_.structure;
    c.mode = config_.mode;
    c.rules = config_.rules;
    c.limits = config_.limits;
    c.dealing = config_.dealing;
    c.cap = config_.cap;
    c.forced.ante_trimming = false;  // antes, a big-blind ante and dead blinds are dead money in the main pot
    c.starting_stacks.clear();
    for (int s : plan.seats) {
        c.starting_stacks.push_back(seats_[static_cast<std::size_t>(s)]->stack);
        plan.names.push_back(seats_[static_cast<std::size_t>(s)]->name);
    }
    plan.number = hands_ + 1;
    plan.seed = hand_seed(seed_, plan.number);
    return r;
}

table::plan_result table::plan_stud(bool restart) const {
    // No button and no blinds: every player in the game is dealt in, seat 0 (the dealer's left) first.
    // A new player comes in at once: there is no blind to wait for.
    (void)restart;
    plan_result r;
    hand_plan& plan = r.plan;
    for (int s = 0; s < config_.seats; ++s) {
        const auto& p = seats_[static_cast<std::size_t>(s)];
        if (p && (p->active() || p->entering())) plan.seats.push_back(s);
    }
    const std::size_t n = plan.seats.size();
    if (config_.ante > 0) plan.config.forced.antes.assign(n, config_.ante);
    plan.config.forced.bring_in = config_.bring_in;
    plan.dead.assign(n, 0);
    return r;
}

table::plan_result table::plan_button_game(bool restart) const {
    plan_result r;
    hand_plan& plan = r.plan;
    const int n = config_.seats;
    auto occupant = [&](int s) -> const seated_player* {
        const auto& p = seats_[static_cast<std::size_t>(s)];
        return p ? &*p : nullptr;
    };
    auto in_game = [&](int s) {  // plays without posting anything owed
        const seated_player* p = occupant(s);
        return p && (p->active() || (restart && p->entering()));
    };
    auto can_take_big_blind = [&](int s) {  // the big blind moves to players in the game and players entering
        const seated_player* p = occupant(s);
        return p && (p->active() || p->entering());
    };
    auto next_where = [&](int from, auto&& pred) -> std::optional<int> {
        for (int k = 1; k <= n; ++k) {
            const int s = (from + k) % n;
            if (pred(s)) return s;
        }
        return std::nullopt;
    };

    int button = 0, small_blind = 0, big_blind = 0;
    std::vector<int> dealt;
    if (!last_.big_blind || restart) {
        // A new game: every player who wants to play is dealt in, owing nothing.
        for (int s = 0; s < n; ++s)
            if (can_take_big_blind(s)) dealt.push_back(s);
        if (dealt.size() < 2) return r;
        if (!last_.big_blind) {
            // The first hand: the button where it was placed (or on the first player), the blinds after it.
            button = first_button_.value_or(dealt.front());
            if (dealt.size() == 2) {
                button = can_take_big_blind(button) ? button : *next_where(button, can_take_big_blind);
                small_blind = button;
            } else {
                small_blind = *next_where(button, can_take_big_blind);
            }
            big_blind = *next_where(small_blind, can_take_big_blind);
        } else {
            // Starting again after the game fell below two players: the big blind keeps moving forward,
            // the small blind and the button are the players before it.
            big_blind = *next_where(*last_.big_blind, can_take_big_blind);
            auto previous = [&](int from) {
                for (int k = 1; k < n; ++k)
                    if (const int s = (from + n - k) % n; can_take_big_blind(s)) return s;
                return from;
            };
            small_blind = previous(big_blind);
            button = dealt.size() == 2 ? small_blind : previous(small_blind);
            for (int s = next_seat(*last_.big_blind); s != big_blind; s = next_seat(s))
                if (const seated_player* p = occupant(s); p && !p->is_new) r.missed_both.push_back(s);
            const int last_big = *last_.big_blind;  // its player, out, misses the small blind
            if (const seated_player* p = occupant(last_big); p && !p->is_new && !can_take_big_blind(last_big))
                r.missed_small.push_back(last_big);
        }
    } else {
        // Dead button: the big blind moves forward to the next player who can take it; the small blind
        // goes to the seat of the last big blind and the button to the seat of the last small blind,
        // even when those seats are now empty (WSOP TR 85; Robert's Rules, button and blind use, 2b).
        const int last_big = *last_.big_blind;
        const std::optional<int> next_big = next_where(last_big, can_take_big_blind);
        if (!next_big || *next_big == last_big) return r;
        big_blind = *next_big;
        small_blind = last_big;
        button = last_.small_blind.value_or((small_blind + n - 1) % n);
        if (button == small_blind || button == big_blind || distance(button, small_blind) > distance(button, big_blind))
            button = (small_blind + n - 1) % n;  // out of heads-up, where the button was the small blind
        // A player in the game between the button and the small blind (back to three after heads-up, where
        // the small blind was on the button): the button goes just before the small blind instead.
        for (int s = next_seat(button); s != small_blind; s = next_seat(s))
            if (in_game(s)) {
                button = (small_blind + n - 1) % n;
                break;
            }
        // The big blind passed these seats: a player out misses both blinds (Robert's Rules).
        for (int s = next_seat(last_big); s != big_blind; s = next_seat(s)) {
            const seated_player* p = occupant(s);
            if (p && !p->is_new && !in_game(s)) r.missed_both.push_back(s);
        }
        // A player entering (new or owing) is not dealt in on the button or in the small blind.
        auto between_button_and_small_blind = [&](int s) {
            return distance(button, s) <= distance(button, small_blind);
        };
        for (int k = 1; k <= n; ++k) {
            const int s = (button + k) % n;
            const seated_player* p = occupant(s);
            if (!p) continue;
            const bool posts = p->entering() && p->how == entry::post_now && !between_button_and_small_blind(s);
            if (s == big_blind || in_game(s) || posts) dealt.push_back(s);
        }
        if (const seated_player* p = occupant(small_blind);
            p && !p->is_new && std::find(dealt.begin(), dealt.end(), small_blind) == dealt.end())
            r.missed_small.push_back(small_blind);
        if (dealt.size() < 2) return r;
        if (dealt.size() == 2) {
            // Heads-up the button posts the small blind; the big blind has moved forward, so nobody
            // takes it twice in a row (WSOP TR 87; Robert's Rules, button and blind use, 3).
            button = small_blind = dealt[0] == big_blind ? dealt[1] : dealt[0];
        }
    }

    // PHH order: the first player clockwise from the button first, the button last.
    for (int k = 1; k <= n; ++k) {
        const int s = (button + k) % n;
        if (std::find(dealt.begin(), dealt.end(), s) != dealt.end()) plan.seats.push_back(s);
    }
    plan.button = button;
    plan.small_blind = small_blind;
    plan.big_blind = big_blind;
    const std::size_t count = plan.seats.size();
    std::vector<chips> antes(count, config_.ante), blinds(count, 0), live(count, 0);
    plan.dead.assign(count, 0);
    const int big = plan.hand_seat(big_blind), small = plan.hand_seat(small_blind);
    blinds[static_cast<std::size_t>(big)] = config_.big_blind;
    antes[static_cast<std::size_t>(big)] += config_.big_blind_ante;
    if (small >= 0 && small != big) blinds[static_cast<std::size_t>(small)] = config_.small_blind;
    for (std::size_t i = 0; i < count; ++i) {
        const int s = plan.seats[i];
        const seated_player& p = *occupant(s);
        if (s == big_blind || s == small_blind || in_game(s) || !p.entering()) continue;
        // A new player posts a live big blind; a player back after missing the big blind posts it live and
        // the small blind dead; a missed small blind alone is posted dead (Robert's Rules).
        if (p.is_new || p.missed_big) live[i] = config_.big_blind;
        if (!p.is_new && p.missed_small) plan.dead[i] = config_.small_blind;
        antes[i] += plan.dead[i];
    }
    forced_bets& f = plan.config.forced;
    if (std::any_of(antes.begin(), antes.end(), [](chips c) { return c > 0; })) f.antes = std::move(antes);
    f.blinds_or_straddles = std::move(blinds);
    if (std::any_of(live.begin(), live.end(), [](chips c) { return c > 0; })) f.live_posts = std::move(live);
    return r;
}

hand_plan table::plan_next_hand() const { return make_plan().plan; }

bool table::can_start_hand() const {
    try {
        make_plan();
        return true;
    } catch (const table_error&) {
        return false;
    }
}

// ------------------------------------------------------------------ playing

void table::commit(plan_result r) {
    for (int s : r.missed_both) {
        seated_player& p = *seats_[static_cast<std::size_t>(s)];
        p.missed_big = p.missed_small = true;
    }
    for (int s : r.missed_small) seats_[static_cast<std::size_t>(s)]->missed_small = true;
    for (int s : r.plan.seats) {
        seated_player& p = *seats_[static_cast<std::size_t>(s)];
        p.is_new = p.missed_small = p.missed_big = false;
    }
    if (config_.button_game()) last_ = {r.plan.button, r.plan.small_blind, r.plan.big_blind};
    hands_ = r.plan.number;
    in_progress_ = true;
    current_ = std::move(r.plan);
}

hand_state table::start_hand() {
    check_between_hands("a hand starts");
    plan_result r = make_plan();
    hand_state hand{r.plan.config, r.plan.seed};  // validates before anything changes
    commit(std::move(r));
    return hand;
}

hand_state table::start_hand(manual_dealing_t) {
    check_between_hands("a hand starts");
    plan_result r = make_plan();
    hand_state hand{r.plan.config, manual_dealing};
    commit(std::move(r));
    return hand;
}

std::vector<seat_event> table::finish_hand(const hand_state& hand) {
    if (!in_progress_ || !current_)
        throw table_error(table_error_code::no_hand_in_progress, "no hand of this table is in progress");
    if (!hand.is_complete())
        throw table_error(table_error_code::hand_not_complete,
                          "hand " + std::to_string(current_->number) + " is not complete");
    const hand_config c = hand.config();
    if (!(c == current_->config))
        throw table_error(table_error_code::not_this_tables_hand,
                          "the hand is not hand " + std::to_string(current_->number) + " of this table");
    const std::span<const chips> stacks = hand.stacks();
    if (sum(stacks) != sum(c.starting_stacks))
        throw std::logic_error("hand " + std::to_string(current_->number) + " ends with " +
                               std::to_string(sum(stacks)) + " chips, it started with " +
                               std::to_string(sum(c.starting_stacks)));
    const chips before = total_chips();
    for (std::size_t i = 0; i < current_->seats.size(); ++i)
        seats_[static_cast<std::size_t>(current_->seats[i])]->stack = stacks[i];
    if (total_chips() != before) throw std::logic_error("the table's chips changed over the hand");
    return end_hand();
}

std::vector<seat_event> table::cancel_hand() {
    if (!in_progress_ || !current_)
        throw table_error(table_error_code::no_hand_in_progress, "no hand of this table is in progress");
    return end_hand();  // the seats still hold the stacks the hand started with
}

std::vector<seat_event> table::end_hand() {
    in_progress_ = false;
    if (next_config_) config_ = *std::exchange(next_config_, std::nullopt);
    if (next_button_) place_button(*std::exchange(next_button_, std::nullopt));
    std::vector<seat_event> made;
    for (const seat_change& c : std::exchange(requests_, {})) made.push_back(make(c));
    return made;
}

// A saved table read back (notation.cpp) holds together as a played one does.
void table::check_restored() const {
    auto inconsistent = [](const std::string& why) {
        throw table_error(table_error_code::inconsistent_saved_table, "saved table: " + why);
    };
    // Seated players pass join's checks against each other.
    table empty{config_, seed_};
    empty.hands_ = hands_;
    chips total = 0;
    for (int s = 0; s < config_.seats; ++s) {
        const auto& p = seats_[static_cast<std::size_t>(s)];
        if (!p) continue;
        if (p->stack < 0 || p->stack > chip_limit - total)
            inconsistent(seat_name(s) + ": a stack of " + std::to_string(p->stack) + " chips");
        total += p->stack;
        empty.join(s, p->name, 1, p->how, p->id);
    }
    const int n = config_.seats;
    for (std::optional<int> seat : {first_button_, last_.button, last_.small_blind, last_.big_blind, next_button_})
        if (seat && (*seat < 0 || *seat >= n)) inconsistent("a button or blind on seat " + std::to_string(*seat + 1));
    if (!in_progress_ && (!requests_.empty() || next_config_ || next_button_))
        inconsistent("changes wait for a hand that is not in progress");
    if (current_.has_value() != (hands_ > 0) || (in_progress_ && !current_))
        inconsistent("the plan of the last hand is missing or extra");
    if (current_) {
        const hand_plan& p = *current_;
        if (p.number != hands_) inconsistent("the last hand's plan is not hand " + std::to_string(hands_));
        // Between hands the table may have been reseeded since its last hand.
        if (in_progress_ && p.seed != hand_seed(seed_, p.number))
            inconsistent("the hand in progress's seed is not the table's");
        const std::size_t count = p.seats.size();
        if (static_cast<std::size_t>(p.config.players()) != count || p.names.size() != count || p.dead.size() != count)
            inconsistent("the last hand's plan has lists of different lengths");
        p.config.validate();
        for (std::size_t i = 0; i < count; ++i) {
            const int s = p.seats[i];
            if (s < 0 || s >= n || std::count(p.seats.begin(), p.seats.end(), s) != 1)
                inconsistent("the last hand's seats are not distinct seats of the table");
            const auto& occupant = seats_[static_cast<std::size_t>(s)];
            // During the hand the seats hold the starting stacks: the hand ends by adding them up.
            if (in_progress_ && (!occupant || occupant->name != p.names[i] ||
                                 occupant->stack != p.config.starting_stacks[i]))
                inconsistent(seat_name(s) + " does not hold the player and stack the hand in progress started with");
        }
    }
    if (next_config_) {
        next_config_->validate();
        if (next_config_->seats != n) inconsistent("the next configuration has another number of seats");
    }
    with_requests_made();  // each change waiting would be made
}


}  // namespace pokerengine::play
