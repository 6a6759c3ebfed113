#pragma once
// Player statistics over hand histories, as trackers show them: VPIP, PFR,
// 3-bet, continuation bets, aggression, showdowns, winnings in chips and big
// blinds, and all-in adjusted winnings. Each hand is read while it is
// replayed by the engine, so a statistic counts what the rules say happened.
// The definitions and their sources are in docs/stats.md.
//
//     statistics stats;
//     for (const recorded_hand& hand : read_phh(text, "day1.phhs")) stats.add(hand);
//     for (const player_statistics& p : stats.players()) std::cout << p.player << ' ' << p.vpip() << '\n';

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/blocks.hpp"
#include "pokerengine/replay.hpp"

namespace pokerengine::play {

/// A count and the number of chances to make it: "VPIP 12 of 40".
struct frequency {
    std::uint64_t made = 0, chances = 0;
    /// made / chances; nothing without a chance.
    std::optional<double> ratio() const;
    frequency& operator+=(const frequency& o) {
        made += o.made;
        chances += o.chances;
        return *this;
    }
};

/// One player's statistics (in one position, or in all).
struct player_statistics {
    std::string player;
    std::string position;  // "BTN", "SB", "BB", "UTG", "UTG+1", "HJ", "CO"; "all" for every position; "-" without a button
    std::uint64_t hands = 0;
    frequency vpip;            // put chips in voluntarily in the first betting round
    frequency pfr;             // raised (or completed) in the first betting round
    frequency three_bet;       // re-raised the first raise of the first round, when it could
    frequency fold_to_three_bet;  // made the first raise, faced a re-raise, folded
    frequency cbet;            // raised last in the first round, bet first in the second
    frequency fold_to_cbet;    // faced that bet before any raise, folded
    std::uint64_t aggressive = 0;  // bets and raises after the first round
    std::uint64_t calls = 0;       // calls after the first round
    std::uint64_t folds = 0;       // folds after the first round
    std::uint64_t saw_second_round = 0;  // in the hand when the second round's cards came ("saw flop")
    std::uint64_t went_to_showdown = 0;
    std::uint64_t won_at_showdown = 0;
    std::uint64_t won_after_second_round = 0;  // took chips from a pot, having seen the second round
    // Money in units of 10^-decimals of the histories' money (exact).
    int decimals = 0;
    std::int64_t net = 0;             // what the player took from the pots, less what they put in
    std::int64_t showdown_net = 0;    // the same, over hands that went to showdown
    double net_big_blinds = 0;        // each hand's net over its big blind (stud: its small bet)
    double all_in_adjusted = 0;       // net, with each all-in before the last card valued at its equity (money)
    std::uint64_t all_in_hands = 0;   // hands valued at their equity

    /// Aggression factor: (bets + raises) / calls after the first round.
    std::optional<double> aggression_factor() const;
    /// Aggression frequency: (bets + raises) / (bets + raises + calls + folds) after the first round.
    std::optional<double> aggression_frequency() const;
    /// Went to showdown, of the hands where the second round was seen.
    std::optional<double> wtsd() const;
    /// Won money at showdown, of the showdowns.
    std::optional<double> wsd() const;
    /// Won money, of the hands where the second round was seen.
    std::optional<double> wwsf() const;
    /// Big blinds won per 100 hands.
    std::optional<double> bb_per_100() const;

    void merge(const player_statistics& o);

    /// Into a block's words and back, every field exactly: how a hand's
    /// figures travel from the process that read the hand to the one that counts.
    void write(block_writer& out) const;
    static player_statistics read(block_reader& in);
};

/// One hand of a player, for the graph of winnings by hand.
struct graph_point {
    std::uint64_t hand = 0;       // 1-based, in the order the hands were added
    double net = 0;               // cumulative, in money
    double all_in_adjusted = 0;   // cumulative
    double showdown = 0;          // cumulative net of hands that went to showdown
    double non_showdown = 0;      // cumulative net of the others
};

/// Why statistics refused a history: `hand_failed` (its replay stopped: the
/// message names the action), `too_much_money` (a sum beyond 2^62 units).
class statistics_error : public std::runtime_error {
public:
    statistics_error(std::string code, const std::string& message) : std::runtime_error(message), code_(std::move(code)) {}
    const std::string& code() const { return code_; }

private:
    std::string code_;
};

/// One hand's figures, per seat a `player_statistics` of that hand alone:
/// the replay that `statistics::add` counts, which may run on any thread.
/// Throws `statistics_error` when the replay stops.
std::vector<player_statistics> hand_statistics(const recorded_hand& hand, const std::vector<std::string>& names = {},
                                               const std::vector<chips>& recorded_results = {});

/// Accumulates statistics over hands; accumulators of several threads or
/// files merge exactly (`merge`). Players are known by name: the history's
/// `players` names, or "p1", "p2", ... when it has none.
class statistics {
public:
    /// Replays the hand and counts it. `recorded_results`, when it gives one
    /// per seat, is each seat's net result as the room recorded it (its rake
    /// taken), counted instead of the engine's. Throws `statistics_error` when
    /// the replay stops (nothing of the hand is counted).
    void add(const recorded_hand& hand, const std::vector<std::string>& names = {},
             const std::vector<chips>& recorded_results = {});
    /// Counts one hand's figures, as `hand_statistics` read them: reading hands
    /// on several threads and counting them in hand order gives what `add`
    /// gives, to the last bit.
    void count(const std::vector<player_statistics>& seats);
    void merge(const statistics& o);

    /// Every player over all positions, by name.
    std::vector<player_statistics> players() const;
    /// Every player in each position, by name, then position.
    std::vector<player_statistics> by_position() const;
    std::uint64_t hands() const { return hands_; }

    /// Keeps the graph of one player's winnings, hand by hand (call before `add`).
    void follow(std::string player) { followed_ = std::move(player); }
    const std::vector<graph_point>& graph() const { return graph_; }

private:
    std::map<std::pair<std::string, std::string>, player_statistics> rows_;
    std::uint64_t hands_ = 0;
    std::optional<std::string> followed_;
    std::vector<graph_point> graph_;
};

/// The graph trackers draw of `graph`: cumulative net won, all-in adjusted,
/// showdown and non-showdown lines, by hand; an SVG document.
std::string winnings_graph_svg(const std::vector<graph_point>& graph, std::string_view title);

}  // namespace pokerengine::play
