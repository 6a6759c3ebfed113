// `poker play`: deals a seeded hand of any game and plays it, reading one
// action per line from standard input (PHH, or the words of the prompt) or
// playing random legal actions; with --hands, a table of such hands.

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/notation.hpp"
#include "pokerengine/phh.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/random.hpp"
#include "pokerengine/table.hpp"
#include "pokerengine/thread_pool.hpp"
#include "commands.hpp"
#include "distributed.hpp"
#include "output.hpp"
#include "profile_option.hpp"

namespace poker_cli {
namespace {

namespace pp = pokerengine::play;

constexpr std::uint64_t most_chips = std::uint64_t{1} << 62;
constexpr std::uint64_t max_hands_of_one_table = 10'000'000;
constexpr std::uint64_t max_hands_of_tables = 1'000'000'000'000;

constexpr std::array play_options{
    option{"game", 'g', "NAME", "the game (see 'poker games'); required"},
    option{"structure", 0, "NAME", "fixed-limit, pot-limit or no-limit (default: the game's usual one)"},
    whole_option({"seats", 'n', "N", "players, 2 to 10 (default 6)"}, 2, pp::max_seats),
    option{"stacks", 0, "S[,S...]", "starting stacks: one for every seat, or one per seat (default 200)"},
    option{"blinds", 0, "SB,BB[,STRADDLE...]", "small and big blind, then straddles (default 1,2)"},
    option{"antes", 0, "A[,A...]", "antes: one for every seat, or one per seat (stud default 1)"},
    whole_option({"bring-in", 0, "B", "stud bring-in (default 2)"}, 0, most_chips),
    whole_option({"small-bet", 0, "X", "fixed limit: the small bet (default 2)"}, 0, most_chips),
    whole_option({"big-bet", 0, "Y", "fixed limit: the big bet (default 4)"}, 0, most_chips),
    whole_option({"min-bet", 0, "X", "pot and no limit: the minimum bet (default the big blind, or 2)"}, 0, most_chips),
    option{"profile", 0, "NAME", "rule profile: wsop-2024 (default), roberts or pokerkit"},
    option{"cash", 0, "", "cash-game rules (fold when checking is free, muck an all-in hand)"},
    whole_option({"runouts", 0, "N", "with --cash: the most times the board may run when the players all-in agree, 1 to 4 "
                                     "(default 1)"}, 1, 4),
    whole_option({"seed", 's', "S", "seed of the shuffle, 0 to 2^64-1 (default: a random seed, printed)"}, 0),
    option{"dealing", 0, "ORDER", "how the seed becomes cards: whole-shuffle (default) or card-by-card (one draw per "
                                  "card dealt)"},
    whole_option({"cap", 0, "N", "a cap game: nobody puts more than N chips into the hand, forced bets included "
                                 "(the rest of a stack comes back at the end)"},
                 1),
    option{"random-actions", 0, "", "play seeded random legal actions to the end instead of reading them"},
    option{"phh", 0, "", "print the finished hand as a PHH document"},
    option{"json", 0, "", "print the final state as one JSON object"},
    whole_option({"hands", 0, "N",
                  "play N hands at one table with seeded random actions, 1 to 10,000,000 (with --tables: in all, "
                  "to 10^12)"},
                 1, max_hands_of_tables),
    whole_option({"tables", 0, "K",
                  "with --hands: play K tables apart, 1 to 1,000,000, each seeded by its number, on the threads "
                  "and the ranks of an MPI job; one summary of all"},
                 1, 1'000'000),
    whole_option({"threads", 't', "N", "with --tables: play on N threads (default: every core); the result is the same"},
                 1, pokerengine::max_threads),
    option{"checkpoint", 0, "FILE", "with --tables: keep each finished table's result in FILE; run again, skip them"},
    option{"phhs", 0, "FILE", "with --hands: write every hand to FILE as a .phhs document"},
    whole_option({"seat", 0, "N", "play seat pN yourself (with --hands: table seat N); the others play at random"}, 1,
                 pp::max_seats),
    progress_option,
    quiet_option,
};

/// Options of `poker play` that exclude or need each other.
constexpr std::array play_constraints{
    option_constraint{"phhs", "hands", constraint_kind::needs, "needs --hands N"},
    option_constraint{"runouts", "cash", constraint_kind::needs, "needs --cash: tournaments run the board once"},
    option_constraint{"tables", "hands", constraint_kind::needs, "needs --hands N"},
    option_constraint{"threads", "tables", constraint_kind::needs, "needs --tables K"},
    option_constraint{"checkpoint", "tables", constraint_kind::needs, "needs --tables K"},
    option_constraint{"tables", "phhs", constraint_kind::excludes,
                      "plays tables apart, whose hands are not one history; --phhs writes one table's"},
    option_constraint{"tables", "seat", constraint_kind::excludes, "plays at random on every table; --seat plays one"},
    option_constraint{"phh", "json", constraint_kind::excludes, "and --json cannot be combined"},
    option_constraint{"phh", "hands", constraint_kind::excludes, "prints one hand; with --hands use --phhs FILE"},
    option_constraint{"seat", "random-actions", constraint_kind::excludes,
                      "and --random-actions cannot be combined: the other seats play at random"},
};

constexpr std::string_view play_synopsis =
    "poker play --game NAME [--structure fixed-limit|pot-limit|no-limit] [--seats N] [--stacks S[,S...]]\n"
    "                  [--blinds SB,BB[,STRADDLE...]] [--antes A[,A...]] [--bring-in B]\n"
    "                  [--small-bet X --big-bet Y | --min-bet X] [--profile wsop-2024|roberts|pokerkit]\n"
    "                  [--cash [--runouts N]] [--seed S] [--dealing whole-shuffle|card-by-card]\n"
    "                  [--cap N] [--random-actions | --seat N] [--phh | --json]\n"
    "       poker play --game NAME [the options above] --hands N [--seat N] [--phhs FILE] [--json]\n"
    "       poker play --game NAME [the options above] --hands N --tables K [--threads N] [--json]\n"
    "                  [--checkpoint FILE] [--progress | --quiet]";

constexpr std::string_view play_summary = "play a hand of any game, action by action";

constexpr std::string_view play_details =
    "Posts the forced bets, deals from a deck shuffled with the seed, then reads one\n"
    "action per line from standard input in PHH notation, the seats counted from p1\n"
    "(p1 is the small blind, or the dealer's left in stud; heads-up p1 is the big\n"
    "blind and p2 the button):\n"
    "  p3 f            fold\n"
    "  p1 cc           check or call\n"
    "  p2 cbr 300      complete, bet or raise to 300 in all this round\n"
    "  p2 pb           post the stud bring-in\n"
    "  p1 sd 7h2c      discard those cards (p1 sd: stand pat)\n"
    "  p1 sm 7h2c      show (p1 sm -: show every card; p1 sm: muck)\n"
    "The words the prompt prints are read too, for the seat to act (or after a\n"
    "seat: p3 raise 6): fold, check, call, bet N or raise N (to N in all this\n"
    "round), all-in, pot (a pot-sized raise), bring-in, discard CARDS (discard\n"
    "alone: stand pat), show [CARDS], muck and run N (with --runouts: ask for the\n"
    "board N times); their card lists may hold spaces.\n"
    "Blank lines and text after # are ignored. The tool answers each line: it echoes\n"
    "what happened in PHH notation (the dealing too; '#' lines for antes and\n"
    "blinds), then says who is to act and what they may do:\n"
    "  to act: p3 | fold | call 2 | raise 4..200 | pot 3\n"
    "or, for an action the rules refuse, one line with the error code and why:\n"
    "  error: line 1: not_your_turn: player 1 cannot act: player 3 is to act\n"
    "and the state is unchanged. When the hand ends it prints each pot and its\n"
    "winners, then 'finishing stacks: S, S, ...'. With --random-actions it plays\n"
    "seeded random legal actions (from the same seed) to the end.\n"
    "\n"
    "With --phh the finished hand is printed as a PHH document (the variant, the\n"
    "forced bets, every action with the dealing, finishing_stacks) and with --json\n"
    "as one JSON object: {\"game\", \"structure\", \"profile\", \"seed\", \"complete\",\n"
    "\"starting_stacks\", \"finishing_stacks\", \"payouts\", \"board\", \"seats\": [{\"seat\",\n"
    "\"cards\", \"up_cards\", \"status\", \"high\", \"low\"}], \"pots\": [{\"amount\",\n"
    "\"eligible\", \"shares\": [{\"half\", \"amount\", \"winners\", \"won\"}]}], \"actions\"};\n"
    "a hand whose board ran more than once adds \"boards\" (each runout's) and each\n"
    "share's \"board\" (1 for the first), a hand dealt with --dealing card-by-card\n"
    "adds \"dealing\"; then errors go to standard error only.\n"
    "\n"
    "Defaults: six seats, stacks of 200, blinds 1 and 2 (stud games: ante 1 and\n"
    "bring-in 2), small bet 2 and big bet 4, minimum bet the big blind; no limit for\n"
    "hold'em, short deck and deuce-to-seven single draw, pot limit for the Omaha\n"
    "games, fixed limit for the rest. Rules: docs/play.md.\n"
    "\n"
    "With --hands N the tool runs a table: the seats, stacks and forced bets above\n"
    "(straddles aside), the button moving after every hand, N hands of seeded random\n"
    "legal actions; a player who busts buys in again for the starting stack. It\n"
    "prints one summary (--json: one object {\"game\", \"hands\", \"rebuys\",\n"
    "\"bought_in\", \"chips_on_table\", \"conserved\", \"stacks\", \"seconds\"}); chips are\n"
    "checked after every hand. --phhs FILE writes every hand as a table [N] of a .phhs\n"
    "document that 'poker replay' reads back (the table rules: docs/table.md),\n"
    "each hand as it ends. On a terminal a progress line shows the hands played\n"
    "on standard error; --progress shows it elsewhere too, --quiet never.\n"
    "\n"
    "With --hands N --tables K (1 to 1,000,000; N up to 10^12) it plays K tables\n"
    "apart, table k (from 0) seeded with output k of SplitMix64 seeded with the\n"
    "seed and playing N / K hands (the first N % K one more), on --threads N\n"
    "threads and the ranks of an MPI job, and prints one summary of all (--json\n"
    "adds \"tables\"; \"stacks\" are each seat's summed over the tables).\n"
    "--checkpoint FILE keeps each finished table's result in FILE: the same\n"
    "command run again after a stop plays only the tables not in it, with the same\n"
    "summary, which then says how many it resumed (JSON: \"resumed\"); a\n"
    "checkpoint of other settings, seed, hands or tables is refused.\n"
    "\n"
    "With --seat N you play seat pN and every other seat plays seeded random legal\n"
    "actions: the tool shows your hole cards and the cards face up, the others'\n"
    "down cards and discards as ??, and prompts only on your turn. With --hands N\n"
    "and --seat N you play N hands at the table of the same seats against the random\n"
    "seats, as table seat N (your p-number moves with the button), then the summary.\n"
    "A line typed on a terminal is not echoed back.\n"
    "\n"
    "Exit status: 0 when the hand played to the end, 1 on an illegal action, bad\n"
    "cards or a hand left unfinished at the end of the input, 2 on usage errors.\n";

const option& play_option(std::string_view name) {
    return *std::ranges::find(play_options, name, &option::name);
}

// A comma list of chip amounts, each checked as --NAME's own value would be.
std::vector<pokerengine::chips> parse_amounts(const arguments& args, std::string_view name) {
    const option& o = whole_option(play_option(name), 0, most_chips);
    std::string_view text = *args.value(name);
    std::vector<pokerengine::chips> out;
    while (true) {
        const std::string_view item = text.substr(0, text.find(','));
        std::uint64_t n = 0;
        auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), n);
        if (item.empty() || error != std::errc{} || end != item.data() + item.size() || n > most_chips)
            throw usage_error(must_be_wording(o, item));
        out.push_back(static_cast<pokerengine::chips>(n));
        if (item.size() == text.size()) break;
        text.remove_prefix(item.size() + 1);
    }
    return out;
}

// One value for every seat, or one per seat.
std::vector<pokerengine::chips> per_seat(const arguments& args, std::string_view name, int seats) {
    std::vector<pokerengine::chips> v = parse_amounts(args, name);
    if (v.size() == 1) return std::vector<pokerengine::chips>(static_cast<std::size_t>(seats), v[0]);
    if (v.size() != static_cast<std::size_t>(seats))
        throw usage_error("--" + std::string(name) + " needs one amount or one per seat (" + std::to_string(seats) +
                          "), got " + std::to_string(v.size()));
    return v;
}

pp::hand_config config_from(const arguments& args) {
    const std::optional<std::string_view> game_name = args.value("game");
    if (!game_name) throw usage_error("'play' needs --game NAME (see 'poker games')");
    pokerengine::any_game game;
    try {
        game = pokerengine::find_game(*game_name);
    } catch (const pokerengine::game_error& e) {
        throw usage_error(e.what());
    }
    std::optional<pp::rule_profile> profile = profile_of(args);
    // The options' own wordings first; the defaults are the library's (hand_config::from_options).
    pp::hand_options o;
    const bool stud = pokerengine::traits_of(game).family == pokerengine::game_family::stud;
    if (auto s = args.value("structure")) {
        try {
            o.structure = pp::parse_betting_structure(*s);
        } catch (const std::invalid_argument& e) {
            throw usage_error(std::string("--structure: ") + e.what());
        }
    }
    o.seats = static_cast<int>(args.whole("seats").value_or(6));
    if (args.value("stacks")) o.stacks = per_seat(args, "stacks", o.seats);
    if (stud && args.flag("blinds")) throw usage_error("--blinds: stud games have antes and a bring-in, not blinds");
    if (!stud && args.flag("bring-in")) throw usage_error("--bring-in is for stud games only");
    if (!stud && args.value("blinds")) {
        o.blinds = parse_amounts(args, "blinds");
        if (o.blinds->size() > static_cast<std::size_t>(o.seats) || (o.seats == 2 && o.blinds->size() > 2))
            throw usage_error("--blinds: " + std::to_string(o.blinds->size()) + " blinds and straddles for " +
                              std::to_string(o.seats) + " seats");
    }
    if (args.flag("antes")) o.antes = per_seat(args, "antes", o.seats);
    const bool fixed = o.structure.value_or(pp::hand_config::usual_structure(game)) == pp::betting_structure::fixed_limit;
    if (fixed && args.flag("min-bet"))
        throw usage_error("--min-bet is for pot and no limit; fixed limit takes --small-bet and --big-bet");
    if (!fixed && (args.flag("small-bet") || args.flag("big-bet")))
        throw usage_error("--small-bet and --big-bet are for fixed limit; pot and no limit take --min-bet");
    auto amount = [&](std::string_view name) -> std::optional<pokerengine::chips> {
        if (auto n = args.whole(name)) return static_cast<pokerengine::chips>(*n);
        return std::nullopt;
    };
    if (stud) o.bring_in = amount("bring-in");
    o.small_bet = amount("small-bet");
    o.big_bet = amount("big-bet");
    o.min_bet = amount("min-bet");
    pp::hand_config c;
    try {
        c = pp::hand_config::from_options(*game_name, o);
        if (profile) c.rules = std::move(*profile);
        if (args.flag("cash")) c.mode = pp::play_mode::cash_game;
        if (auto n = args.whole("runouts")) c.rules.most_runouts = static_cast<int>(*n);
        if (auto order = args.value("dealing")) c.dealing = pp::parse_dealing_order(*order);
        if (auto cap = args.whole("cap")) c.cap = static_cast<pokerengine::chips>(*cap);
        c.validate();
    } catch (const pp::config_error& e) {
        throw usage_error(e.what());
    }
    return c;
}

// Built by appending: GCC 12 warns of "p" + std::to_string(...) inlined in a loop (-Wrestrict, a false positive).
std::string seat_name(int seat) {
    std::string name = "p";
    name += std::to_string(seat + 1);
    return name;
}

std::string legal_text(const pp::hand_state& hand) {
    const pp::legal_actions l = hand.legal();
    std::string out = "to act: " + seat_name(*l.seat);
    switch (l.at) {
        case pp::phase::drawing:
            out += " | discard 0 to " + std::to_string(l.max_discards) + " cards";
            break;
        case pp::phase::showdown:
            if (l.can_choose_runouts) out += " | run 1.." + std::to_string(l.most_runouts);
            else out += l.must_show ? " | show (must)" : " | show | muck";
            break;
        default:
            if (l.can_fold) out += " | fold";
            if (l.can_check) out += " | check";
            if (l.can_call) out += " | call " + std::to_string(l.call_amount);
            if (l.can_bring_in) out += " | bring-in " + std::to_string(l.bring_in_amount);
            if (l.can_raise && l.raise_is_all_in_only)  // all-in for less than a full raise
                out += " | raise " + std::to_string(l.max_to) + " (all-in)";
            else if (l.can_raise)
                out += l.min_to == l.max_to ? " | raise " + std::to_string(l.min_to)
                                            : " | raise " + std::to_string(l.min_to) + ".." + std::to_string(l.max_to);
            out += " | pot " + std::to_string(hand.pot_total());
    }
    return out + "\n";
}

std::string half_name(pokerengine::pot_half h) { return h == pokerengine::pot_half::high ? "high" : "low"; }

std::string result_text(const pp::hand_state& hand) {
    const pp::hand_result r = hand.result();
    std::string out;
    for (std::size_t k = 0; k < r.pots.size(); ++k) {
        const pokerengine::pot_result& p = r.pots[k];
        out += (k == 0 ? std::string("main pot") : "side pot " + std::to_string(k)) + ": " +
               std::to_string(p.amount) + " |";
        for (const pokerengine::pot_share& s : p.shares) {
            for (std::size_t w = 0; w < s.winners.size(); ++w) {
                const std::size_t seat = s.winners[w];
                const bool later_board = s.runout > 0;
                const auto& shown = s.half == pokerengine::pot_half::high
                                        ? (later_board ? r.runouts[static_cast<std::size_t>(s.runout)].high : r.high)[seat]
                                        : (later_board ? r.runouts[static_cast<std::size_t>(s.runout)].low : r.low)[seat];
                out += ' ';
                out += seat_name(static_cast<int>(seat));
                out += " wins ";
                out += std::to_string(s.won[w]);
                if (hand.runouts() > 1) out += " (board " + std::to_string(s.runout + 1) + ")";
                if (p.shares.size() > static_cast<std::size_t>(hand.runouts()) || s.half == pokerengine::pot_half::low)
                    out += " (" + half_name(s.half) + ")";
                if (shown) out += " with " + shown->description;
                out += ';';
            }
        }
        out.back() = '\n';
    }
    out += "finishing stacks:";
    for (std::size_t s = 0; s < r.finishing_stacks.size(); ++s)
        out += (s ? ", " : " ") + std::to_string(r.finishing_stacks[s]);
    return out + "\n";
}

std::string status_name(pp::seat_status s) {
    switch (s) {
        case pp::seat_status::in_hand: return "in hand";
        case pp::seat_status::all_in: return "all-in";
        case pp::seat_status::folded: return "folded";
        case pp::seat_status::mucked: break;
    }
    return "mucked";
}

// ", dealing card-by-card" after the seed of hands dealt in version 2 of the
// seeded deal; nothing for version 1, as before the order had a name.
std::string dealing_words(pp::dealing_order order) {
    return order == pp::dealing_order::whole_shuffle ? "" : ", dealing " + std::string(pp::to_string(order));
}

// The same as the JSON member "dealing".
void add_dealing(json& j, pp::dealing_order order) {
    if (order != pp::dealing_order::whole_shuffle) j["dealing"] = std::string(pp::to_string(order));
}

std::string result_json(const pp::hand_state& hand, std::uint64_t seed) {
    const pp::hand_config& c = hand.config();
    json j;
    j["game"] = std::string(pokerengine::traits_of(c.game).name);
    j["structure"] = std::string(pp::to_string(c.structure));
    j["profile"] = std::string(c.rules.name);
    j["seed"] = seed;
    add_dealing(j, c.dealing);
    if (c.cap > 0) j["cap"] = c.cap;
    j["complete"] = hand.is_complete();
    j["starting_stacks"] = c.starting_stacks;
    j["finishing_stacks"] = std::vector<pokerengine::chips>(hand.stacks().begin(), hand.stacks().end());
    j["payouts"] = std::vector<pokerengine::chips>(hand.payouts().begin(), hand.payouts().end());
    j["board"] = cards_json(hand.board());
    if (hand.runouts() > 1) {
        j["boards"] = json::array();
        for (const pokerengine::CardList& b : hand.boards()) j["boards"].push_back(cards_json(b));
    }
    std::optional<pp::hand_result> r;
    if (hand.is_complete()) r = hand.result();
    auto shown_json = [](const std::optional<pokerengine::shown_hand>& h) -> json {
        if (!h) return nullptr;
        return json{{"category", h->category}, {"description", h->description},
                    {"best_five", cards_json(h->best_cards)}, {"value", h->value.value}};
    };
    j["seats"] = json::array();
    for (int s = 0; s < hand.players(); ++s) {
        const pp::seat_cards& held = hand.hole_cards(s);
        pokerengine::CardList up;
        for (std::size_t k = 0; k < held.cards.size(); ++k)
            if (held.is_up(k)) up.push_back(held.cards[k]);
        json seat{{"seat", s + 1}, {"cards", cards_json(held.cards)}, {"up_cards", cards_json(up)},
                  {"status", status_name(hand.status(s))}};
        seat["high"] = r ? shown_json(r->high[static_cast<std::size_t>(s)]) : json(nullptr);
        seat["low"] = r ? shown_json(r->low[static_cast<std::size_t>(s)]) : json(nullptr);
        j["seats"].push_back(seat);
    }
    j["pots"] = json::array();
    if (r) {
        for (const pokerengine::pot_result& p : r->pots) {
            json pot{{"amount", p.amount}, {"eligible", json::array()}, {"shares", json::array()}};
            for (std::size_t e : p.eligible) pot["eligible"].push_back(e + 1);
            for (const pokerengine::pot_share& s : p.shares) {
                json share{{"half", half_name(s.half)}, {"amount", s.amount}, {"winners", json::array()},
                           {"won", s.won}};
                if (hand.runouts() > 1) share["board"] = s.runout + 1;
                for (std::size_t w : s.winners) share["winners"].push_back(w + 1);
                pot["shares"].push_back(share);
            }
            j["pots"].push_back(pot);
        }
    } else {
        const pp::legal_actions l = hand.legal();
        if (l.seat) j["to_act"] = *l.seat + 1;
    }
    j["actions"] = json::array();
    for (const pp::action& a : hand.history())
        if (std::string t = pp::to_phh(a); !t.empty()) j["actions"].push_back(t);
    return json_line(j);
}

// `poker play --hands N`: a table of seeded random hands, rebuys after busts.
pp::table_config table_config_of(const arguments& args, const pp::hand_config& config) {
    pp::table_config t;
    t.game = config.game;
    t.structure = config.structure;
    t.mode = config.mode;
    t.rules = config.rules;
    t.limits = config.limits;
    t.seats = config.players();
    t.dealing = config.dealing;
    t.cap = config.cap;
    t.bring_in = config.forced.bring_in;
    if (!config.forced.antes.empty()) {
        if (std::adjacent_find(config.forced.antes.begin(), config.forced.antes.end(), std::not_equal_to<>()) !=
            config.forced.antes.end())
            throw usage_error("--antes: a table takes one ante for every seat");
        t.ante = config.forced.antes.front();
    }
    if (auto b = args.value("blinds")) {
        const std::vector<pokerengine::chips> blinds = parse_amounts(args, "blinds");
        if (blinds.size() != 2) throw usage_error("--blinds: a table takes a small and a big blind, no straddles");
        t.small_blind = blinds[0];
        t.big_blind = blinds[1];
    } else if (t.button_game()) {
        t.small_blind = 1;
        t.big_blind = 2;
    }
    try {
        t.validate();
    } catch (const pp::config_error& e) {
        throw usage_error(e.what());
    }
    return t;
}

// A table of the given seats and stacks, its .phhs file, and the chips bought in.
struct table_run {
    pp::table_config t;
    pp::table table;
    std::ofstream phhs;
    std::string phhs_path;
    pokerengine::chips bought_in = 0;
    std::uint64_t rebuys = 0;

    table_run(const arguments& args, const pp::hand_config& config, std::uint64_t seed)
        : t(table_config_of(args, config)), table(t, seed) {
        if (auto file = args.value("phhs")) {
            phhs_path = *file;
            phhs.open(phhs_path, std::ios::binary);
            if (!phhs) throw std::runtime_error("--phhs: cannot write " + phhs_path);
        }
        for (int s = 0; s < t.seats; ++s) {
            table.join(s, seat_name(s), config.starting_stacks[static_cast<std::size_t>(s)]);
            bought_in += config.starting_stacks[static_cast<std::size_t>(s)];
        }
    }

    // Carries a finished hand back to the table, writes it, buys busted players in again.
    void finish(const pp::hand_state& hand, const pp::hand_config& config, std::uint64_t number) {
        table.finish_hand(hand);
        if (phhs.is_open() && !(phhs << table.phhs_entry(hand) << '\n'))
            throw std::runtime_error("--phhs: cannot write " + phhs_path);
        for (int s = 0; s < t.seats; ++s)
            if (table.at(s) && table.at(s)->stack == 0) {
                const pokerengine::chips stack = config.starting_stacks[static_cast<std::size_t>(s)];
                table.rebuy(s, stack);
                bought_in += stack;
                ++rebuys;
            }
        if (table.total_chips() != bought_in)
            throw std::logic_error("chips are not conserved after hand " + std::to_string(number));
    }

    // The summary after the last hand, as text or JSON.
    std::string summary(const pp::hand_config& config, std::uint64_t seed, std::uint64_t hands, double seconds,
                        bool as_json) const {
        std::vector<pokerengine::chips> stacks;
        for (int s = 0; s < t.seats; ++s) stacks.push_back(table.at(s) ? table.at(s)->stack : 0);
        if (as_json) {
            json j{{"game", std::string(pokerengine::traits_of(config.game).name)},
                   {"structure", std::string(pp::to_string(config.structure))},
                   {"seed", seed},
                   {"hands", hands},
                   {"rebuys", rebuys},
                   {"bought_in", bought_in},
                   {"chips_on_table", table.total_chips()},
                   {"conserved", table.total_chips() == bought_in},
                   {"stacks", stacks},
                   {"seconds", seconds}};
            add_dealing(j, config.dealing);
            return json_line(j);
        }
        return "# " + std::string(pokerengine::traits_of(config.game).name) + ", " +
               std::string(pp::to_string(config.structure)) + ", " + std::to_string(t.seats) + " seats, seed " +
               std::to_string(seed) + dealing_words(config.dealing) + "\nhands: " + std::to_string(hands) +
               "\nrebuys: " + std::to_string(rebuys) + "\nbought in: " + std::to_string(bought_in) +
               "\nchips on the table: " + std::to_string(table.total_chips()) + " (conserved)\nstacks: " +
               joined(stacks, [](pokerengine::chips c) { return std::to_string(c); }, ", ") + "\n";
    }
};

// `poker play --hands N`: a table of seeded random hands, rebuys after busts.
int run_table(const arguments& args, const pp::hand_config& config, std::uint64_t seed) {
    const std::uint64_t hands = *args.whole("hands");
    table_run run(args, config, seed);
    pokerengine::xoshiro256ss rng{seed};
    const auto start = std::chrono::steady_clock::now();
    progress_line bar(args, "play", "hands");
    for (std::uint64_t n = 0; n < hands; ++n) {
        pp::hand_state hand = run.table.start_hand();
        while (!hand.is_complete()) hand.apply(pp::random_action(hand, rng));
        run.finish(hand, config, n + 1);
        if (n % 256 == 255 || n + 1 == hands) bar(n + 1, hands);
    }
    bar.clear();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    write_out(run.summary(config, seed, hands, seconds, args.flag("json")));
    return 0;
}

// ---------------------------------------------------------------------------
// What the person sees: the history in PHH notation, every card, or with
// --seat the person's own cards and the cards face up, the others' as ??.

// A card list with the cards `viewer` may not see written as ??.
std::string seen_cards(const pp::hand_state& hand, const pp::action& a, std::optional<int> viewer) {
    const pp::seat_cards& held = hand.hole_cards(a.seat);
    std::string out;
    for (pokerengine::Card c : a.cards) {
        const auto at = std::ranges::find(held.cards, c);
        const bool up = at != held.cards.end() && held.is_up(static_cast<std::size_t>(at - held.cards.begin()));
        out += (!viewer || a.seat == *viewer || (up && a.what == pp::action::kind::deal_hole)) ? to_string(c) : "??";
    }
    return out;
}

std::string history_line(const pp::hand_state& hand, const pp::action& a, std::optional<int> viewer) {
    using kind = pp::action::kind;
    if (a.what == kind::post_ante) return "# " + seat_name(a.seat) + " antes " + std::to_string(a.amount) + "\n";
    if (a.what == kind::post_blind) return "# " + seat_name(a.seat) + " posts " + std::to_string(a.amount) + "\n";
    if (viewer && a.seat != *viewer && !a.cards.empty()) {
        if (a.what == kind::deal_hole) return "d dh " + seat_name(a.seat) + " " + seen_cards(hand, a, viewer) + "\n";
        if (a.what == kind::stand_pat_or_discard)
            return seat_name(a.seat) + " sd " + std::string(2 * a.cards.size(), '?') + "\n";
    }
    const std::string t = pp::to_phh(a);
    return t.empty() ? t : t + "\n";
}

// ---------------------------------------------------------------------------
// The words of the prompt: `fold`, `check`, `call`, `bet N`, `raise N`,
// `all-in`, `pot`, `bring-in`, `discard CARDS`, `show [CARDS]`, `muck`, for the
// seat to act or after a seat (`p3 raise 6`).

bool is_seat_word(std::string_view w) {
    return w.size() >= 2 && w[0] == 'p' && std::all_of(w.begin() + 1, w.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The action a line of prompt words asks for; none when the line is not made
// of those words. Throws `std::invalid_argument` for a word used wrongly.
std::optional<pp::action> prompt_action(std::string_view text, const pp::hand_state& hand) {
    std::vector<std::string> words;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t start = text.find_first_not_of(" \t\r", i);
        if (start == std::string_view::npos) break;
        const std::size_t end = std::min(text.find_first_of(" \t\r", start), text.size());
        std::string w(text.substr(start, end - start));
        for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        words.push_back(std::move(w));
        i = end;
    }
    const pp::legal_actions l = hand.legal();
    std::optional<int> seat = l.seat;
    if (!words.empty() && is_seat_word(words.front())) {
        int n = 0;
        std::from_chars(words.front().data() + 1, words.front().data() + words.front().size(), n);
        if (n < 1 || n > hand.players()) return std::nullopt;  // the PHH reader names the bad seat
        seat = n - 1;
        words.erase(words.begin());
    }
    if (words.empty() || !seat) return std::nullopt;
    const std::string verb = words.front();
    const std::span<const std::string> rest(words.data() + 1, words.size() - 1);
    const bool to_act = l.seat == seat;
    auto bad = [&](const std::string& why) {
        return std::invalid_argument("action '" + pokerengine::printable(text) + "': " + why);
    };
    auto no_more = [&] {
        if (!rest.empty()) throw bad("'" + verb + "' takes nothing after it");
    };
    auto cards = [&] {
        if (rest.empty()) return pokerengine::CardList{};
        try {
            return pokerengine::CardList(pokerengine::parse_cards(joined(rest, " ")));
        } catch (const std::invalid_argument& e) {
            throw bad(e.what());
        }
    };
    const pokerengine::chips stack = hand.stacks()[static_cast<std::size_t>(*seat)];
    const pokerengine::chips bet = hand.street_bets()[static_cast<std::size_t>(*seat)];
    if (verb == "fold") {
        no_more();
        return pp::action::fold_by(*seat);
    }
    if (verb == "check" || verb == "call") {
        no_more();
        if (to_act && verb == "check" && !l.can_check && l.can_call)
            throw bad("there is a bet: call " + std::to_string(l.call_amount) + " or fold");
        if (to_act && verb == "call" && !l.can_call && l.can_check) throw bad("there is nothing to call: check");
        return pp::action::check_or_call_by(*seat);
    }
    if (verb == "bet" || verb == "raise") {
        if (rest.empty() && to_act && l.can_raise && l.min_to == l.max_to)
            return pp::action::raise_to(*seat, l.min_to);  // fixed limit: the one amount
        if (rest.size() != 1) throw bad("'" + verb + "' takes the amount to bet or raise to, such as " + verb + " 6");
        pokerengine::chips to = 0;
        auto [end, error] = std::from_chars(rest[0].data(), rest[0].data() + rest[0].size(), to);
        if (error != std::errc{} || end != rest[0].data() + rest[0].size() || to <= 0 ||
            static_cast<std::uint64_t>(to) > most_chips)
            throw bad("the amount must be a whole number of chips from 1 to 2^62, got '" +
                      pokerengine::printable(rest[0]) + "'");
        return pp::action::raise_to(*seat, to);
    }
    if (verb == "all-in" || verb == "allin") {
        no_more();
        if (to_act && !(l.can_raise && l.max_to == bet + stack) && l.can_call && l.call_amount >= stack)
            return pp::action::check_or_call_by(*seat);  // a call for the whole stack
        if (to_act && !(l.can_raise && l.max_to == bet + stack))
            throw bad(seat_name(*seat) + " cannot put in the whole stack now" +
                      (l.can_raise ? ": the most is a raise to " + std::to_string(l.max_to) : std::string()));
        return pp::action::raise_to(*seat, bet + stack);
    }
    if (verb == "pot") {
        no_more();
        if (to_act && !l.can_raise) throw bad("no bet or raise is open to " + seat_name(*seat) + " now");
        // A pot-sized raise: call, then raise by the pot that makes.
        const pokerengine::chips highest = std::ranges::max(hand.street_bets());
        pokerengine::chips to = l.pot_to > 0 ? l.pot_to : highest + hand.pot_total() + (highest - bet);
        if (to_act) to = std::clamp(to, l.min_to, l.max_to);
        return pp::action::raise_to(*seat, to);
    }
    if (verb == "bring-in") {
        no_more();
        return pp::action::bring_in_by(*seat);
    }
    if (verb == "discard") return pp::action::discard(*seat, cards());
    if (verb == "show") {
        if (rest.empty()) return pp::action::show_by(*seat);
        pp::action a = pp::action::show_by(*seat);
        a.cards = pp::to_action_cards(cards());
        return a;
    }
    if (verb == "muck") {
        no_more();
        return pp::action::muck_by(*seat);
    }
    if (verb == "run") {  // run N: the times to deal the rest of the board
        int times = 0;
        if (rest.size() != 1) throw bad("run takes the times to run the board, 1 to 4");
        const std::string_view word = rest[0];
        auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), times);
        if (ec != std::errc{} || end != word.data() + word.size() || times < 1 || times > 4)
            throw bad("run takes the times to run the board, 1 to 4");
        return pp::action::choose_runouts_by(*seat, times);
    }
    return std::nullopt;
}

// A line of input as an action: PHH notation as it is, or the words of the prompt.
pp::action read_action(std::string_view text, const pp::hand_state& hand) {
    try {
        return pp::parse_action(text);
    } catch (const std::invalid_argument& phh) {
        if (std::optional<pp::action> a = prompt_action(text, hand)) return *a;
        throw std::invalid_argument(std::string(phh.what()) +
                                    "; or a word of the prompt: fold, check, call, bet N, raise N, all-in, pot, "
                                    "bring-in, discard CARDS, show, muck, run N");
    }
}

// The lines of standard input that hold an action; blank lines and text after # are skipped.
class line_reader {
public:
    std::optional<std::string> next() {
        std::string line;
        while (std::getline(std::cin, line)) {
            ++number_;
            if (const std::size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
            if (line.find_first_not_of(" \t\r") != std::string::npos) return line;
        }
        return std::nullopt;
    }
    int number() const { return number_; }
    // A person typing at a terminal sees the line already: it is not echoed.
    bool terminal() const { return terminal_; }

private:
    int number_ = 0;
    bool terminal_ = isatty(STDIN_FILENO) == 1;
};

// The transcript of one hand, printed as it goes.
class transcript {
public:
    transcript(const pp::hand_state& hand, std::optional<int> viewer, bool quiet)
        : hand_(hand), viewer_(viewer), quiet_(quiet) {}

    void text(std::string_view s) { out_ += s; }
    // The history since the last call, without entry `skip` (the person's own line on a terminal).
    void history(std::optional<std::size_t> skip = std::nullopt) {
        const auto all = hand_.history();
        for (std::size_t i = shown_; i < all.size(); ++i)
            if (i != skip) out_ += history_line(hand_, all[i], viewer_);
        shown_ = all.size();
    }
    void prompt() { out_ += legal_text(hand_); }
    void result() { out_ += result_text(hand_); }
    void error(int line, const std::string& what) {
        const std::string message = "error: line " + std::to_string(line) + ": " + what + "\n";
        flush();
        if (quiet_)
            std::cerr << message;
        else
            write_out(message);
    }
    void flush() {
        if (!quiet_) write_out(out_);
        out_.clear();
    }

private:
    const pp::hand_state& hand_;
    std::optional<int> viewer_;
    bool quiet_;
    std::size_t shown_ = 0;
    std::string out_;
};

// Plays `hand` to its end or to the end of the input: input lines for the
// seat `person` plays (every seat when none), seeded random actions for the
// others. The prompt comes after each change. False when a line was refused
// or the input ended first (which is then reported on standard error).
bool play_hand(pp::hand_state& hand, transcript& t, line_reader& in, std::optional<int> person,
               pokerengine::xoshiro256ss& rng) {
    bool ok = true, changed = true;
    t.history();
    while (!hand.is_complete()) {
        const pp::legal_actions l = hand.legal();
        if (person && l.seat != person) {
            hand.apply(pp::random_action(hand, rng));
            t.history();
            changed = true;
            continue;
        }
        if (changed) t.prompt();
        changed = false;
        t.flush();
        const std::optional<std::string> line = in.next();
        if (!line) {
            std::cerr << "poker: error: the input ended before the hand did" +
                             (l.seat ? " (" + seat_name(*l.seat) + " is to act)" : std::string()) + "\n";
            return false;
        }
        const std::size_t before = hand.history().size();
        try {
            hand.apply(read_action(*line, hand));
        } catch (const pp::action_error& e) {
            t.error(in.number(), std::string(pp::to_string(e.code())) + ": " + e.what());
            ok = false;
            continue;
        } catch (const std::invalid_argument& e) {
            t.error(in.number(), std::string("bad_action: ") + e.what());
            ok = false;
            continue;
        }
        t.history(in.terminal() ? std::optional<std::size_t>(before) : std::nullopt);
        changed = true;
    }
    t.result();
    t.flush();
    return ok;
}

std::string hand_header(const pp::hand_config& config, std::uint64_t seed) {
    return "# " + std::string(pokerengine::traits_of(config.game).name) + ", " +
           std::string(pp::to_string(config.structure)) + ", " + std::to_string(config.players()) + " seats, seed " +
           std::to_string(seed) + ", profile " + std::string(config.rules.name) + dealing_words(config.dealing) +
           (config.cap > 0 ? ", cap " + std::to_string(config.cap) : "") + "\n";
}

// The seed of table `k` of `poker play --hands N --tables K`: output k of
// splitmix64 seeded with the seed, as a simulation's blocks are seeded.
std::uint64_t table_seed(std::uint64_t seed, std::uint64_t k) {
    return pokerengine::splitmix64{seed + k * 0x9e37'79b9'7f4a'7c15ULL}();
}

// `poker play --hands N --tables K`: K tables apart, each a block of the
// driver (threads, or the ranks of an MPI job), table k seeded by `table_seed`
// and playing N / K hands (the first N % K tables one more); one summary of
// all, the same on any threads and ranks.
int run_tables(const arguments& args, const pp::hand_config& config, std::uint64_t seed, std::uint64_t tables) {
    const std::uint64_t hands = *args.whole("hands");
    if (tables > hands)
        throw usage_error("--tables " + std::to_string(tables) + ": more tables than the " + std::to_string(hands) +
                          " hands of --hands");
    const pp::table_config t = table_config_of(args, config);
    const std::unique_ptr<pokerengine::block_driver> driver =
        block_driver_for(static_cast<int>(args.whole("threads").value_or(default_threads())));
    const auto start = std::chrono::steady_clock::now();
    progress_line bar(args, "play", "hands");
    const auto progress = [&](std::uint64_t done, std::uint64_t) { bar(done * (hands / tables), hands); };
    // A table's result depends on the table's settings (its saved form before
    // the first hand holds them all), the seed and its share of the hands.
    std::optional<pokerengine::checkpoint_blocks> saved;
    if (std::optional<std::string_view> file = args.value("checkpoint")) {
        const table_run settings(args, config, seed);
        const std::string job = "play, tables apart: seed " + std::to_string(seed) + ", " + std::to_string(hands) +
                                " hands, " + std::to_string(tables) + " tables, settings " +
                                pokerengine::job_digest(pp::serialize(settings.table));
        with_checkpoint([&] { saved.emplace(*driver, std::string(*file), job); });
    }
    pokerengine::block_driver& blocks = saved ? static_cast<pokerengine::block_driver&>(*saved) : *driver;
    const std::vector<pokerengine::block_result> results = blocks.run(
        0, tables,
        [&](std::uint64_t k) {
            const std::uint64_t own = hands / tables + (k < hands % tables ? 1 : 0);
            table_run run(args, config, table_seed(seed, k));
            pokerengine::xoshiro256ss rng{table_seed(seed, k)};
            for (std::uint64_t n = 0; n < own; ++n) {
                pp::hand_state hand = run.table.start_hand();
                while (!hand.is_complete()) hand.apply(pp::random_action(hand, rng));
                run.finish(hand, config, n + 1);
            }
            pokerengine::block_writer out;
            out.word(run.rebuys);
            out.word(static_cast<std::uint64_t>(run.bought_in));
            out.word(static_cast<std::uint64_t>(run.table.total_chips()));
            for (int s = 0; s < t.seats; ++s)
                out.word(static_cast<std::uint64_t>(run.table.at(s) ? run.table.at(s)->stack : 0));
            return out.take();
        },
        bar.shown() ? pokerengine::progress_callback(progress) : pokerengine::progress_callback());
    bar.clear();
    if (!driver->merges()) return 0;
    std::uint64_t rebuys = 0;
    pokerengine::chips bought_in = 0, on_tables = 0;
    std::vector<pokerengine::chips> stacks(static_cast<std::size_t>(t.seats));
    const auto add = [](pokerengine::chips& sum, std::uint64_t word) {
        if (__builtin_add_overflow(sum, static_cast<pokerengine::chips>(word), &sum))
            throw std::runtime_error("the chips of the tables add up to more than 2^63 - 1: fewer tables or smaller stacks");
    };
    for (const pokerengine::block_result& words : results) {
        pokerengine::block_reader in{words};
        rebuys += in.word();
        add(bought_in, in.word());
        add(on_tables, in.word());
        for (pokerengine::chips& stack : stacks) add(stack, in.word());
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::string game(pokerengine::traits_of(config.game).name), structure(pp::to_string(config.structure));
    if (args.flag("json")) {
        json j{{"game", game},
               {"structure", structure},
               {"seed", seed},
               {"tables", tables},
               {"hands", hands},
               {"rebuys", rebuys},
               {"bought_in", bought_in},
               {"chips_on_table", on_tables},
               {"conserved", on_tables == bought_in},
               {"stacks", stacks},
               {"seconds", seconds}};
        if (saved) j["resumed"] = saved->resumed();
        add_dealing(j, config.dealing);
        write_out(json_line(j));
        return 0;
    }
    std::string text = "# " + game;
    text += ", " + structure + ", " + std::to_string(t.seats) + " seats, seed " + std::to_string(seed) +
            dealing_words(config.dealing) + ", ";
    text += std::to_string(tables) + " tables\nhands: " + std::to_string(hands);
    text += "\nrebuys: " + std::to_string(rebuys) + "\nbought in: " + std::to_string(bought_in);
    text += "\nchips on the tables: " + std::to_string(on_tables) + " (conserved)\nstacks, each seat over the tables: ";
    text += joined(stacks, [](pokerengine::chips c) { return std::to_string(c); }, ", ") + "\n";
    if (saved) text += "resumed from the checkpoint: " + std::to_string(saved->resumed()) + " tables\n";
    write_out(text);
    return 0;
}

// `poker play --hands N --seat N`: the person plays one table seat against
// seeded random actions, hand after hand, then the summary.
int run_table_with_person(const arguments& args, const pp::hand_config& config, std::uint64_t seed, int seat) {
    const std::uint64_t hands = *args.whole("hands");
    table_run run(args, config, seed);
    pokerengine::xoshiro256ss rng{seed};
    line_reader in;
    bool ok = true;
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t played = 0;
    for (; played < hands; ++played) {
        const int person = run.table.plan_next_hand().hand_seat(seat);
        pp::hand_state hand = run.table.start_hand();
        transcript t(hand, person, false);
        t.text("# hand " + std::to_string(played + 1) + " of " + std::to_string(hands) + ": you play " +
               seat_name(person) + " (table seat " + std::to_string(seat + 1) + ")\n");
        ok = play_hand(hand, t, in, person, rng) && ok;
        if (!hand.is_complete()) return 1;  // the input ended
        run.finish(hand, config, played + 1);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    write_out(run.summary(config, seed, played, seconds, args.flag("json")));
    return ok ? 0 : 1;
}

/// `poker play`: see play_details.
int run_play(const arguments& args) {
    args.expect_positional(0, 0, "no arguments");
    const pp::hand_config config = config_from(args);
    const std::uint64_t seed = args.whole("seed").value_or(pokerengine::seeded_from_os()());
    std::optional<int> person;
    if (std::optional<std::uint64_t> n = args.whole("seat")) {
        if (static_cast<int>(*n) > config.players())
            throw usage_error("--seat must be a seat from 1 to " + std::to_string(config.players()) + ", got '" +
                              std::to_string(*n) + "'");
        person = static_cast<int>(*n) - 1;
    }
    if (std::optional<std::uint64_t> tables = args.whole("tables")) return run_tables(args, config, seed, *tables);
    if (std::optional<std::uint64_t> hands = args.whole("hands"); hands && *hands > max_hands_of_one_table)
        throw usage_error("--hands must be a whole number from 1 to " + std::to_string(max_hands_of_one_table) +
                          ", got '" + std::to_string(*hands) + "'");
    if (args.flag("hands"))
        return person ? run_table_with_person(args, config, seed, *person) : run_table(args, config, seed);
    const bool quiet = args.flag("phh") || args.flag("json");
    pp::hand_state hand{config, seed};
    transcript t(hand, person, quiet);
    std::string header = hand_header(config, seed);
    if (person) header.insert(header.size() - 1, ", you play " + seat_name(*person));
    t.text(header);
    bool ok = true;
    pokerengine::xoshiro256ss rng{seed};
    if (args.flag("random-actions")) {
        t.history();
        t.prompt();
        while (!hand.is_complete()) hand.apply(pp::random_action(hand, rng));
        t.history();
        t.result();
        t.flush();
    } else {
        line_reader in;
        ok = play_hand(hand, t, in, person, rng);
    }
    if (args.flag("phh")) write_out(pp::write_phh(hand));
    if (args.flag("json")) write_out(result_json(hand, seed));
    return ok ? 0 : 1;
}

}  // namespace

const command play_command{"play", play_synopsis, play_summary, play_details, play_options, run_play, play_constraints};

}  // namespace poker_cli
