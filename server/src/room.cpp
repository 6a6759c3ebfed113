// A hosted table (room.hpp).

#include "pokerengine/server/room.hpp"

#include <algorithm>
#include <cctype>
#include <memory>
#include <utility>

#include "pokerengine/games.hpp"
#include "pokerengine/notation.hpp"
#include "pokerengine/phh.hpp"

namespace pokerengine::server {
namespace {

std::string seat_words(int table_seat) { return "seat " + std::to_string(table_seat + 1); }

long long ms(milliseconds d) { return static_cast<long long>(std::max<milliseconds::rep>(0, d.count())); }

}  // namespace

room::room(room_settings settings, std::uint64_t seed, send_fn send, table_storage* db)
    : settings_(std::move(settings)), table_(settings_.table, seed), send_(std::move(send)), db_(db),
      seats_(static_cast<std::size_t>(settings_.table.seats)) {}

void room::set_hands_finished(std::uint64_t n) {
    hands_finished_ = n;
    follow_rotation();
}

// A mixed game deals each game of its rotation for `rotation_hands` hands in
// turn, counted over the table's life (so a restarted server goes on where it
// was); the table keeps the button of the flop games across the stud hands.
void room::follow_rotation() {
    if (settings_.rotation.empty()) return;
    const std::size_t turn = static_cast<std::size_t>((hands_finished_ / settings_.rotation_hands) % settings_.rotation.size());
    const play::table_config& wanted = settings_.rotation[turn];
    if (table_.next_config().game.index() != wanted.game.index() || table_.next_config().structure != wanted.structure)
        table_.change_config(wanted);
}

json room::summary() const {
    const auto& c = table_.next_config();
    json stakes{{"small_blind", c.small_blind}, {"big_blind", c.big_blind}, {"ante", c.ante},
                {"bring_in", c.bring_in}, {"small_bet", c.limits.small_bet}, {"big_bet", c.limits.big_bet},
                {"min_bet", c.limits.min_bet}};
    json rotation = json::array();
    for (const play::table_config& g : settings_.rotation) rotation.push_back(std::string(traits_of(g.game).name));
    return json{{"id", settings_.id},
                {"game", std::string(traits_of(c.game).name)},
                {"rotation", rotation},
                {"rotation_hands", settings_.rotation_hands},
                {"structure", std::string(play::to_string(c.structure))},
                {"stakes", stakes},
                {"seats", c.seats},
                {"players", table_.players()},
                {"buy_in", {{"min", settings_.min_buy_in}, {"max", settings_.max_buy_in}}},
                {"clock", {{"action_ms", ms(settings_.clock.per_action)}, {"bank_ms", ms(settings_.clock.time_bank)}}},
                {"hands", hands_finished_}};
}

std::optional<int> room::seat_of(player_id who) const {
    for (std::size_t s = 0; s < seats_.size(); ++s)
        if (seats_[s] && seats_[s]->who == who) return static_cast<int>(s);
    return std::nullopt;
}

int room::own_seat(player_id who) const {
    if (auto s = seat_of(who)) return *s;
    throw protocol_error("not_seated", "you have no seat at table " + settings_.id);
}

int room::hand_seat_of(int table_seat) const {
    if (!hand_ || !table_.current()) return -1;
    return table_.current()->hand_seat(table_seat);
}

chips room::chips_on_table() const {
    if (hand_) {
        chips total = hand_->pot_total();
        for (chips c : hand_->stacks()) total += c;
        const auto& plan = *table_.current();
        for (int s = 0; s < table_.seat_count(); ++s)
            if (table_.at(s) && plan.hand_seat(s) < 0) total += table_.at(s)->stack;
        return total;
    }
    return table_.total_chips();
}

// ------------------------------------------------------------ requests

void room::sit(player_id who, const std::string& name, std::optional<int> seat, chips buy_in, time_point now) {
    if (seat_of(who)) throw protocol_error("already_seated", "you already sit at table " + settings_.id);
    if (buy_in < settings_.min_buy_in || buy_in > settings_.max_buy_in)
        throw protocol_error("buy_in_out_of_range", "the buy-in at table " + settings_.id + " is from " +
                                                        std::to_string(settings_.min_buy_in) + " to " +
                                                        std::to_string(settings_.max_buy_in) + ", got " +
                                                        std::to_string(buy_in));
    int at = -1;
    if (seat) {
        at = *seat - 1;
        if (at >= table_.seat_count())
            throw protocol_error("no_such_seat", "table " + settings_.id + " has seats 1 to " +
                                                     std::to_string(table_.seat_count()));
    } else {
        for (int s = 0; s < table_.seat_count() && at < 0; ++s)
            if (!table_.at(s) && !seats_[static_cast<std::size_t>(s)]) at = s;
        if (at < 0) throw protocol_error("table_full", "every seat of table " + settings_.id + " is taken");
    }
    if (table_.at(at) || seats_[static_cast<std::size_t>(at)])
        throw protocol_error("seat_taken", seat_words(at) + " of table " + settings_.id + " is taken");
    for (int s = 0; s < table_.seat_count(); ++s) {
        const auto& o = seats_[static_cast<std::size_t>(s)];
        if (o && o->name == name)
            throw protocol_error("duplicate_name", "a player named " + pokerengine::quoted(name) + " sits at table " + settings_.id);
    }
    if (name.find_first_not_of(" \t") == std::string::npos)
        throw protocol_error("empty_name", "a player's name needs a visible character");
    seats_[static_cast<std::size_t>(at)] = occupant{who, name, settings_.clock.time_bank, buy_in};
    const bool waiting = table_.hand_in_progress();
    auto seated = [this, who, at, buy_in, waiting](time_point t) {
        send_(who, json{{"type", "seated"}, {"table", settings_.id}, {"seat", at + 1}, {"stack", buy_in},
                        {"waiting", waiting}});
        broadcast_table(t);
        schedule_hand(t);
    };
    // During a hand the seat is held and the player joins when the hand ends;
    // else the player is told once the buy-in is stored.
    if (waiting) seated(now);
    else join_waiting(at, now, std::move(seated));
}

// Queues a write; `then` is called once it and every write queued before and
// after it have committed (at once without storage), so that the frames of a
// hand's end go out together and in order. A write that failed calls `failed`
// instead of `then`, and its error goes on to the server, which logs it, as an
// error of a request or a tick does.
void room::store_then(time_point now, const std::function<void(table_storage::done_fn)>& write,
                      std::function<void(time_point)> then, std::function<void()> failed, bool save) {
    if (!db_) {
        if (then) then(now);
        return;
    }
    ++writes_pending_;
    auto stored = std::make_shared<bool>(false);
    write([this, stored, failed = std::move(failed)](std::exception_ptr e) {
        --writes_pending_;
        if (e) {
            if (failed) failed();
            std::rethrow_exception(e);
        }
        *stored = true;
        if (writes_pending_ == 0)
            for (auto& f : std::exchange(once_stored_, {})) f(server_clock::now());
    });
    if (then) once_stored_.push_back([stored, then = std::move(then)](time_point t) {
        if (*stored) then(t);
    });
    if (save) save_table();
}

// The table as it is now, between hands: what a restart deals on from.
// Without its seed, so that the file does not tell the cards to come.
std::string room::table_state() const {
    play::table unseeded = table_;
    unseeded.reseed(0);
    return play::serialize(unseeded);
}

// The table's state after the write just queued (a finished hand's write holds its own).
void room::save_table() {
    if (table_.hand_in_progress()) return;
    store_then(
        server_clock::now(),
        [&](table_storage::done_fn done) { db_->table_saved(settings_.id, hands_finished_, table_state(), std::move(done)); },
        {}, {}, false);
}

// Calls `then` once every write queued so far has committed: at once when none waits.
void room::once_stored(time_point now, std::function<void(time_point)> then) {
    if (writes_pending_ == 0) then(now);
    else once_stored_.push_back(std::move(then));
}

// A player whose seat was held during a hand buys in and joins the table.
void room::join_waiting(int at, time_point now, std::function<void(time_point)> then) {
    auto& o = seats_[static_cast<std::size_t>(at)];
    try {
        table_.join(at, o->name, o->waiting_buy_in, play::entry::post_now);
    } catch (const play::table_error& e) {
        o.reset();
        throw protocol_error(std::string(play::to_string(e.code())), e.what());
    }
    const player_id who = o->who;
    const std::string name = o->name;
    const chips amount = std::exchange(o->waiting_buy_in, 0);
    store_then(
        now, [&](table_storage::done_fn done) { db_->buy_in(settings_.id, at, who, name, amount, std::move(done)); },
        std::move(then), [this, at, who] {
            // A buy-in not stored: the player does not sit. No hand has started
            // since: a hand waits for the table's writes.
            auto& seat = seats_[static_cast<std::size_t>(at)];
            if (!seat || seat->who != who) return;
            if (table_.at(at)) table_.leave(at);
            seat.reset();
            send_(who, error_frame(protocol_error("internal", "the server could not do it"), "sit"));
            broadcast_table(server_clock::now());
        });
}

void room::sit_out(player_id who, time_point now) {
    const int s = own_seat(who);
    if (table_.hand_in_progress() || !table_.at(s)) {
        seats_[static_cast<std::size_t>(s)]->sit_out_after = true;
    } else if (!table_.at(s)->sitting_out) {
        table_.sit_out(s);
        store_then(
            now, [&](table_storage::done_fn done) { db_->set_sitting_out(settings_.id, s, true, std::move(done)); }, {});
    }
    broadcast_table(now);
}

void room::sit_in(player_id who, time_point now) {
    const int s = own_seat(who);
    auto& o = *seats_[static_cast<std::size_t>(s)];
    o.sit_out_after = false;
    o.timeouts = 0;
    if (table_.at(s) && table_.at(s)->sitting_out) {
        if (table_.hand_in_progress())
            throw protocol_error("hand_in_progress", "you are dealt in again from the hand after this one: ask when it ends");
        table_.come_back(s, play::entry::post_now);
        store_then(
            now, [&](table_storage::done_fn done) { db_->set_sitting_out(settings_.id, s, false, std::move(done)); }, {});
    }
    broadcast_table(now);
    schedule_hand(now);
}

void room::leave(player_id who, time_point now) {
    // Busted (or leaving) at the hand's end, told once the cash-out is stored.
    if (!seat_of(who) && std::find(cashing_out_.begin(), cashing_out_.end(), who) != cashing_out_.end()) return;
    const int s = own_seat(who);
    // The table seats and unseats players between hands only: a player at it
    // during a hand (dealt in, or not: sitting out, waiting for the big blind) goes when the hand ends.
    if (hand_ && table_.at(s)) {
        seats_[static_cast<std::size_t>(s)]->leaving = true;
        if (hand_seat_of(s) >= 0) advance(now);  // folds now when it is the seat's turn
        else broadcast_table(now);
        return;
    }
    remove(s, "left", now);
    once_stored(now, [this](time_point t) {
        broadcast_table(t);
        schedule_hand(t);
    });
}

play::action room::action_from(const request& r, int hand_seat) const {
    if (r.action) {
        play::action a = *r.action;
        a.seat = static_cast<std::int8_t>(hand_seat);
        return a;
    }
    std::string_view text = r.action_text;
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    const bool has_player = text.size() > 1 && text[0] == 'p' && std::isdigit(static_cast<unsigned char>(text[1]));
    const bool dealer = text.size() > 1 && text[0] == 'd' && text[1] == ' ';
    std::string full;
    if (!has_player && !dealer) {
        full = std::to_string(hand_seat + 1);
        full.insert(full.begin(), 'p');
        full.push_back(' ');
    }
    full.append(text);
    play::action a;
    try {
        a = play::parse_action(full);
    } catch (const play::notation_error& e) {
        throw protocol_error(std::string(play::to_string(e.code())), e.what());
    }
    if (!a.is_seat_decision() || a.seat != hand_seat)
        throw protocol_error("not_your_seat", "you act as player " + std::to_string(hand_seat + 1) + " only, not " +
                                                  pokerengine::quoted(text));
    return a;
}

void room::act(player_id who, const request& r, time_point now) {
    const int s = own_seat(who);
    const int hs = hand_seat_of(s);
    if (!hand_ || hs < 0) throw protocol_error("not_in_hand", "you are not in a hand at table " + settings_.id);
    const play::action a = action_from(r, hs);
    const bool timed = clock_seat_ == hs;
    try {
        hand_->apply(a);
    } catch (const play::action_error& e) {
        throw protocol_error(std::string(play::to_string(e.code())), e.what());
    }
    auto& o = *seats_[static_cast<std::size_t>(s)];
    o.timeouts = 0;
    if (timed) {
        const auto used = std::chrono::duration_cast<milliseconds>(now - clock_started_);
        if (used > settings_.clock.per_action) o.bank = std::max(milliseconds{0}, o.bank - (used - settings_.clock.per_action));
        clock_seat_ = -1;
    }
    advance(now);
}

// ------------------------------------------------------------ the hand

void room::apply(const play::action& a, time_point) { hand_->apply(a); }

// Plays what needs nobody's decision (a seat leaving folds, a show the rules
// force), then starts the clock of the seat to act, or ends the hand.
void room::advance(time_point now) {
    while (hand_ && !hand_->is_complete()) {
        const play::legal_actions legal = hand_->legal();
        if (!legal.seat) break;
        const int table_seat = table_.current()->seats.at(static_cast<std::size_t>(*legal.seat));
        const auto& o = seats_[static_cast<std::size_t>(table_seat)];
        const bool forced_show = legal.at == play::phase::showdown && legal.can_show && !legal.can_muck;
        if (forced_show || (o && o->leaving)) {
            const bool fold = o && o->leaving && legal.can_fold;
            apply(fold ? play::action::fold_by(*legal.seat) : play::default_action(*hand_), now);
            clock_seat_ = -1;
            continue;
        }
        break;
    }
    if (!hand_) return;
    if (hand_->is_complete()) {
        finish_hand(now);
        return;
    }
    if (clock_seat_ != hand_->legal().seat.value_or(-1)) start_clock(now);
    send_views(now);
}

void room::start_clock(time_point now) {
    clock_seat_ = hand_->legal().seat.value_or(-1);
    clock_started_ = now;
    const int table_seat = table_.current()->seats.at(static_cast<std::size_t>(clock_seat_));
    const auto& o = seats_[static_cast<std::size_t>(table_seat)];
    clock_deadline_ = now + settings_.clock.per_action + (o ? o->bank : milliseconds{0});
}

void room::start_hand(time_point now) {
    next_hand_at_.reset();
    hand_ = table_.start_hand();
    clock_seat_ = -1;
    broadcast_table(now);
    advance(now);
}

void room::finish_hand(time_point now) {
    const play::hand_state done = std::move(*hand_);
    hand_.reset();
    clock_seat_ = -1;
    const play::hand_plan plan = *table_.current();
    const std::string record = play::phhs_entry(table_, done);
    table_.finish_hand(done);
    ++hands_finished_;
    follow_rotation();
    std::vector<std::pair<int, chips>> stacks;
    for (int s : plan.seats) stacks.emplace_back(s, table_.at(s)->stack);
    // The hand's end as each player sees it, sent once the hand is stored.
    std::vector<std::pair<player_id, json>> frames;
    const play::hand_result result = done.result();
    for (std::size_t hs = 0; hs < plan.seats.size(); ++hs) {
        const int table_seat = plan.seats[hs];
        const auto& o = seats_[static_cast<std::size_t>(table_seat)];
        if (!o) continue;
        json pots = json::array();
        for (const pot_result& p : result.pots) {
            json winners = json::array();
            for (const pot_share& share : p.shares)
                for (std::size_t w : share.winners) winners.push_back(w + 1);
            pots.push_back(json{{"amount", p.amount}, {"winners", winners}});
        }
        frames.emplace_back(o->who, json{{"type", "view"}, {"table", settings_.id}, {"hand", hands_finished_},
                                         {"view", to_json(done.view_for(static_cast<int>(hs)), &plan)}, {"clock", nullptr}});
        frames.emplace_back(o->who, json{{"type", "result"},
                                         {"table", settings_.id},
                                         {"hand", hands_finished_},
                                         {"pots", pots},
                                         {"payouts", result.payouts},
                                         {"stacks", result.finishing_stacks},
                                         {"phh", play::write_phh(done, 0, unseen_cards(done, static_cast<int>(hs)))}});
    }
    const std::string state = db_ ? table_state() : std::string();
    store_then(
        now,
        [&](table_storage::done_fn d) { db_->hand_finished(settings_.id, hands_finished_, record, stacks, state, std::move(d)); },
        [this, frames = std::move(frames)](time_point) mutable {
            for (auto& [who, frame] : frames) send_(who, std::move(frame));
        },
        {}, false);
    // Seating changes asked during the hand, and the busted players' seats.
    for (int s = 0; s < table_.seat_count(); ++s) {
        auto& o = seats_[static_cast<std::size_t>(s)];
        if (!o) continue;
        if (o->waiting_buy_in > 0 && !o->leaving) {
            const player_id who = o->who;
            try {
                join_waiting(s, now);
            } catch (const protocol_error& e) {
                send_(who, error_frame(e, "sit"));
                continue;
            }
        }
        if (o->leaving) {
            remove(s, "left", now);
        } else if (table_.at(s)->stack == 0) {
            remove(s, "busted", now);
        } else if (o->sit_out_after && !table_.at(s)->sitting_out) {
            o->sit_out_after = false;
            table_.sit_out(s);
            store_then(
                now, [&](table_storage::done_fn done) { db_->set_sitting_out(settings_.id, s, true, std::move(done)); },
                {});
        }
    }
    // A hand whose write fails sends no result, and the table waits for the
    // next write that commits, as a failed write here once left it.
    once_stored(now, [this](time_point t) {
        broadcast_table(t);
        schedule_hand(t);
    });
}

// The player is told of the cash-out once it is stored.
void room::remove(int seat, std::string_view why, time_point now) {
    const player_id who = seats_[static_cast<std::size_t>(seat)]->who;
    seats_[static_cast<std::size_t>(seat)].reset();
    const bool at_table = static_cast<bool>(table_.at(seat));
    const chips stack = at_table ? table_.leave(seat) : 0;
    auto left = [this, who, stack, why = std::string(why)](time_point) {
        std::erase(cashing_out_, who);
        send_(who, json{{"type", "left"}, {"table", settings_.id}, {"stack", stack}, {"reason", why}});
    };
    if (!at_table) return left(now);
    cashing_out_.push_back(who);
    store_then(
        now, [&](table_storage::done_fn done) { db_->cash_out(settings_.id, seat, who, stack, std::move(done)); }, left,
        [this, who] {
            std::erase(cashing_out_, who);
            send_(who, error_frame(protocol_error("internal", "the server could not do it"), "leave"));
        });
}

void room::schedule_hand(time_point now) {
    if (!hand_ && !next_hand_at_ && table_.can_start_hand()) next_hand_at_ = now + settings_.between_hands;
}

void room::tick(time_point now) {
    if (hand_ && clock_seat_ >= 0 && now >= clock_deadline_) {
        const int table_seat = table_.current()->seats.at(static_cast<std::size_t>(clock_seat_));
        auto& o = seats_[static_cast<std::size_t>(table_seat)];
        if (o) {
            o->bank = milliseconds{0};
            if (++o->timeouts >= settings_.clock.timeouts_to_sit_out) o->sit_out_after = true;
            send_(o->who, json{{"type", "timeout"}, {"table", settings_.id}, {"timeouts", o->timeouts}});
        }
        clock_seat_ = -1;
        apply(play::default_action(*hand_), now);
        advance(now);
    }
    // Not before every write queued before it has committed: the last hand's,
    // and the buy-ins (one that fails is undone before anyone plays with it).
    if (!hand_ && next_hand_at_ && now >= *next_hand_at_ && writes_pending_ == 0) {
        next_hand_at_.reset();
        if (table_.can_start_hand()) start_hand(now);
    }
}

std::optional<time_point> room::next_deadline() const {
    if (hand_ && clock_seat_ >= 0) return clock_deadline_;
    return next_hand_at_;
}

std::string room::restore(const std::vector<stored_seat>& seats, const std::optional<stored_table_state>& saved_table) {
    std::string unused;
    if (saved_table) {
        try {
            if (saved_table->hand != hands_finished_)
                throw std::invalid_argument("it is of hand " + std::to_string(saved_table->hand) + ", the last hand stored " +
                                            std::to_string(hands_finished_));
            table_ = restored_table(seats, saved_table->state);
        } catch (const std::exception& e) {
            unused = std::string("the saved table is not used: ") + e.what();
        }
    }
    if (!saved_table || !unused.empty())
        for (const stored_seat& s : seats) {
            table_.join(s.seat, s.name, s.stack);
            if (s.sitting_out) table_.sit_out(s.seat);
        }
    for (const stored_seat& s : seats)
        seats_.at(static_cast<std::size_t>(s.seat)) = occupant{s.player, s.name, settings_.clock.time_bank};
    schedule_hand(server_clock::now());
    return unused;
}

// The saved table, reseeded, with the stored seats' players: a player it
// seats elsewhere, with another stack or not at all sits down anew (a change
// whose state a failure kept from storage).
play::table room::restored_table(const std::vector<stored_seat>& seats, const std::string& text) const {
    play::restored_table back = play::restore_table(text);
    play::table& saved = back.restored;
    if (saved.hand_in_progress() || back.hand) throw std::invalid_argument("it is in the middle of a hand");
    if (saved.seat_count() != table_.seat_count())
        throw std::invalid_argument("it has " + std::to_string(saved.seat_count()) + " seats, the table " +
                                    std::to_string(table_.seat_count()));
    saved.reseed(table_.seed());
    // The settings may have changed since (a new level in the file, the rotation's game).
    if (!(saved.next_config() == table_.next_config())) saved.change_config(table_.next_config());
    auto stored_at = [&](int seat) -> const stored_seat* {
        for (const stored_seat& s : seats)
            if (s.seat == seat) return &s;
        return nullptr;
    };
    for (int seat = 0; seat < saved.seat_count(); ++seat) {
        const auto& p = saved.at(seat);
        const stored_seat* s = stored_at(seat);
        if (p && (!s || p->name != s->name || p->stack != s->stack)) saved.leave(seat);
    }
    for (const stored_seat& s : seats) {
        const auto& p = saved.at(s.seat);
        if (!p) {
            saved.join(s.seat, s.name, s.stack, play::entry::post_now);
            if (s.sitting_out) saved.sit_out(s.seat);
        } else if (s.sitting_out && !p->sitting_out) {
            saved.sit_out(s.seat);
        } else if (!s.sitting_out && p->sitting_out) {
            saved.come_back(s.seat, play::entry::post_now);
        }
    }
    return std::move(saved);
}

// ------------------------------------------------------------ frames

json room::clock_json(time_point now) const {
    if (!hand_ || clock_seat_ < 0) return nullptr;
    const auto left = std::chrono::duration_cast<milliseconds>(clock_deadline_ - now);
    const int table_seat = table_.current()->seats.at(static_cast<std::size_t>(clock_seat_));
    const auto& o = seats_[static_cast<std::size_t>(table_seat)];
    const milliseconds bank = o ? o->bank : milliseconds{0};
    const milliseconds action_left = std::min(left, settings_.clock.per_action - std::chrono::duration_cast<milliseconds>(now - clock_started_));
    return json{{"player", clock_seat_ + 1},
                {"table_seat", table_seat + 1},
                {"action_ms", ms(action_left)},
                {"bank_ms", ms(std::min(bank, left))}};
}

json room::table_frame(time_point now) const {
    json seats = json::array();
    for (int s = 0; s < table_.seat_count(); ++s) {
        const auto& p = table_.at(s);
        const auto& o = seats_[static_cast<std::size_t>(s)];
        if (!p) {
            if (o)
                seats.push_back(json{{"seat", s + 1}, {"name", o->name}, {"stack", o->waiting_buy_in},
                                     {"sitting_out", false}, {"in_hand", false}, {"leaving", o->leaving},
                                     {"waiting", true}});
            else
                seats.push_back(nullptr);
            continue;
        }
        seats.push_back(json{{"seat", s + 1},
                             {"name", p->name},
                             {"stack", p->stack},
                             {"sitting_out", p->sitting_out || (o && o->sit_out_after)},
                             {"in_hand", hand_seat_of(s) >= 0},
                             {"leaving", o && o->leaving},
                             {"waiting", false}});
    }
    json button = nullptr;
    if (table_.current() && table_.current()->button) button = *table_.current()->button + 1;
    return json{{"type", "table"}, {"table", settings_.id}, {"hand", hands_finished_ + (hand_ ? 1 : 0)},
                {"in_progress", hand_.has_value()}, {"button", button}, {"seats", seats}, {"clock", clock_json(now)},
                {"summary", summary()}};
}

void room::broadcast_table(time_point now) {
    const json frame = table_frame(now);
    for (const auto& o : seats_)
        if (o) send_(o->who, frame);
}

void room::send_view(int table_seat, time_point now) {
    const auto& o = seats_[static_cast<std::size_t>(table_seat)];
    const int hs = hand_seat_of(table_seat);
    if (!o || hs < 0) return;
    send_(o->who, json{{"type", "view"}, {"table", settings_.id}, {"hand", hands_finished_ + 1},
                       {"view", to_json(hand_->view_for(hs), &*table_.current())}, {"clock", clock_json(now)}});
}

void room::send_views(time_point now) {
    for (int s = 0; s < table_.seat_count(); ++s) send_view(s, now);
}

void room::resend(player_id who, time_point now) {
    const auto s = seat_of(who);
    if (!s) return;
    send_(who, table_frame(now));
    send_view(*s, now);
}

}  // namespace pokerengine::server
