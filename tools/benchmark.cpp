// Evaluator speed on one core: random pre-generated hands and full
// enumerations, each timed over several runs and reported as the median.
//
//   benchmark [--runs N] [--hands N] [--only NAME] [--pokerstars FILE]

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <sstream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pokerengine/card_set.hpp"
#include "pokerengine/deck.hpp"
#include "pokerengine/enumerate.hpp"
#include "pokerengine/equity.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/import.hpp"
#include "pokerengine/phh.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/random.hpp"
#include "pokerengine/server/wire.hpp"
#include "pokerengine/table.hpp"
#include "pokerengine/settlement.hpp"
#include "pokerengine/wild.hpp"

using namespace pokerengine;

namespace {

struct options {
    int runs = 7;
    std::size_t hands = 20'000'000;
    std::string only;
    std::string pokerstars;  // a PokerStars history for the import case
};

// Rank-major order (2c 2d 2h 2s 3c ...): in an enumeration the innermost card
// then changes suit before rank, so neighbouring hands often share a rank key.
double thread_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

std::array<Card, 52> standard_cards() {
    std::array<Card, 52> cards{};
    std::size_t i = 0;
    for (int r = 0; r < rank_count; ++r)
        for (int s = 0; s < suit_count; ++s) cards[i++] = Card{static_cast<Rank>(r), static_cast<Suit>(s)};
    return cards;
}

// Random distinct cards by a partial Fisher-Yates shuffle, as card codes.
template <std::size_t N>
std::vector<std::array<std::uint8_t, N>> random_card_lists(std::size_t count, std::uint64_t seed) {
    xoshiro256ss rng(seed);
    auto deck = standard_cards();
    std::vector<std::array<std::uint8_t, N>> out(count);
    for (auto& hand : out)
        for (std::size_t i = 0; i < N; ++i) {
            std::size_t j = i + uniform_below(rng, 52 - i);
            std::swap(deck[i], deck[j]);
            hand[i] = deck[i].code();
        }
    return out;
}

// Random sets of `size` distinct cards from `deck`.
std::vector<CardSet> random_sets(CardSet deck, int size, std::size_t count, std::uint64_t seed) {
    xoshiro256ss rng(seed);
    std::vector<Card> cards(deck.begin(), deck.end());
    std::vector<CardSet> out(count);
    for (CardSet& hand : out)
        for (std::size_t i = 0; i < static_cast<std::size_t>(size); ++i) {
            std::size_t j = i + uniform_below(rng, cards.size() - i);
            std::swap(cards[i], cards[j]);
            hand |= cards[i];
        }
    return out;
}

template <std::size_t N>
std::vector<CardSet> as_sets(const std::vector<std::array<std::uint8_t, N>>& lists) {
    std::vector<CardSet> sets;
    sets.reserve(lists.size());
    for (const auto& l : lists) {
        CardSet s;
        for (auto code : l) s |= Card::from_code(code);
        sets.push_back(s);
    }
    return sets;
}

struct result {
    std::string name;
    double median_rate = 0;  // hands per second
    double median_seconds = 0;
    std::uint64_t hands = 0;
    std::uint64_t checksum = 0;
};

// Runs `body` (which returns a checksum) `runs` times; `hands` hands per run.
result measure(const std::string& name, int runs, std::uint64_t hands, const std::function<std::uint64_t()>& body) {
    std::vector<double> seconds;
    std::uint64_t checksum = 0;
    for (int r = 0; r < runs; ++r) {
        auto start = std::chrono::steady_clock::now();
        std::uint64_t sum = body();
        auto stop = std::chrono::steady_clock::now();
        seconds.push_back(std::chrono::duration<double>(stop - start).count());
        if (r > 0 && sum != checksum) {
            std::fprintf(stderr, "benchmark: %s gave different answers on different runs\n", name.c_str());
            std::exit(1);
        }
        checksum = sum;
    }
    std::sort(seconds.begin(), seconds.end());
    double median = seconds[seconds.size() / 2];
    return {name, static_cast<double>(hands) / median, median, hands, checksum};
}

void print(const result& r) {
    std::printf("%-40s %8.1f M hands/s  %9.4f s per run  %12llu hands  checksum %llu\n", r.name.c_str(),
                r.median_rate / 1e6, r.median_seconds, static_cast<unsigned long long>(r.hands),
                static_cast<unsigned long long>(r.checksum));
    std::fflush(stdout);
}

options parse(int argc, char** argv) {
    options o;
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "benchmark: %s needs a value\n", argv[i]);
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--runs") o.runs = std::max(1, std::atoi(value().c_str()));
        else if (a == "--hands") o.hands = std::max<std::size_t>(1000, std::strtoull(value().c_str(), nullptr, 10));
        else if (a == "--only") o.only = value();
        else if (a == "--pokerstars") o.pokerstars = value();
        else {
            std::fprintf(stderr, "usage: benchmark [--runs N] [--hands N] [--only NAME] [--pokerstars FILE]\n");
            std::exit(a == "--help" || a == "-h" ? 0 : 2);
        }
    }
    return o;
}

// Plays the hands of seeds 0 to count - 1 through `play_out`: a new hand each,
// or, for a simulation, one hand dealt again by `redeal` (docs/play.md section 2).
template <class PlayOut>
void play_hands(const play::hand_config& config, std::uint64_t count, bool simulation, PlayOut&& play_out) {
    if (simulation) {
        play::hand_state hand{config, 0};
        for (std::uint64_t seed = 0; seed < count; ++seed) {
            hand.redeal(seed);
            play_out(hand);
        }
        return;
    }
    for (std::uint64_t seed = 0; seed < count; ++seed) {
        play::hand_state hand{config, seed};
        play_out(hand);
    }
}

}  // namespace

int main(int argc, char** argv) {
    options opt = parse(argc, argv);
    const high_evaluator ev;
    auto wanted = [&](std::string_view name) { return opt.only.empty() || name.find(opt.only) != std::string_view::npos; };

    std::printf("one thread, median of %d runs; tables: %zu bytes\n", opt.runs,
                high_evaluator::table_bytes);

    if (wanted("random7")) {
        auto lists = random_card_lists<7>(opt.hands, 7);
        auto sets = as_sets(lists);
        print(measure("random7 CardSet", opt.runs, sets.size(), [&] {
            std::uint64_t sum = 0;
            for (CardSet s : sets) sum += ev.evaluate(s).value;
            return sum;
        }));
        std::vector<Hand> hands;
        hands.reserve(sets.size());
        for (CardSet s : sets) hands.emplace_back(s);
        print(measure("random7 Hand (prebuilt)", opt.runs, hands.size(), [&] {
            std::uint64_t sum = 0;
            for (const Hand& h : hands) sum += ev.evaluate(h).value;
            return sum;
        }));
        // The same hands written the way a user writes them: seven cards added
        // to an empty Hand in one expression, then one call.
        std::vector<std::array<Card, 7>> card_lists(lists.size());
        for (std::size_t i = 0; i < lists.size(); ++i)
            for (std::size_t j = 0; j < 7; ++j) card_lists[i][j] = Card::from_code(lists[i][j]);
        print(measure("random7 user loop", opt.runs, card_lists.size(), [&] {
            std::uint64_t sum = 0;
            for (const auto& c : card_lists) {
                Hand h = Hand{} + c[0] + c[1] + c[2] + c[3] + c[4] + c[5] + c[6];
                sum += ev.evaluate(h).value;
            }
            return sum;
        }));
        // One call per hand against one call for all, both writing every value.
        std::vector<hand_value> values(hands.size());
        print(measure("random7 Hand, one call each", opt.runs, hands.size(), [&] {
            for (std::size_t i = 0; i < hands.size(); ++i) values[i] = ev.evaluate(hands[i]);
            return values.back().value + values.front().value;
        }));
        print(measure("random7 Hand, batch call", opt.runs, hands.size(), [&] {
            ev.evaluate(std::span<const Hand>(hands), std::span<hand_value>(values));
            return values.back().value + values.front().value;
        }));
        print(measure("random7 card codes", opt.runs, lists.size(), [&] {
            std::uint64_t sum = 0;
            for (const auto& l : lists) {
                Hand h;
                for (auto code : l) h += Card::from_code(code);
                sum += ev.evaluate(h).value;
            }
            return sum;
        }));
    }
    if (wanted("random6")) {
        auto sets = as_sets(random_card_lists<6>(opt.hands, 6));
        print(measure("random6 CardSet", opt.runs, sets.size(), [&] {
            std::uint64_t sum = 0;
            for (CardSet s : sets) sum += ev.evaluate(s).value;
            return sum;
        }));
    }
    if (wanted("random5")) {
        auto lists = random_card_lists<5>(opt.hands, 5);
        auto sets = as_sets(lists);
        print(measure("random5 card codes", opt.runs, lists.size(), [&] {
            std::uint64_t sum = 0;
            for (const auto& l : lists) {
                Hand h;
                for (auto code : l) h += Card::from_code(code);
                sum += ev.evaluate(h).value;
            }
            return sum;
        }));
        print(measure("random5 CardSet", opt.runs, sets.size(), [&] {
            std::uint64_t sum = 0;
            for (CardSet s : sets) sum += ev.evaluate(s).value;
            return sum;
        }));
    }
    // Every ranking and wild-card policy on random hands of its own deck, as
    // time per hand relative to the high evaluator on the same size: CardSets
    // ("policies"), or prebuilt Hands, whose key is already built ("policy-hands").
    for (const bool prebuilt : {false, true}) {
        if (!wanted(prebuilt ? "policy-hands" : "policies")) continue;
        const CardSet standard = CardSet::standard_deck();
        const CardSet short_cards{0x1FF0'1FF0'1FF0'1FF0ULL};
        const CardSet with_jokers = standard | joker_cards();
        std::size_t count = std::min<std::size_t>(opt.hands, 5'000'000);
        for (int size : {5, 7}) {
            const auto hands = random_sets(standard, size, count, 100 + static_cast<std::uint64_t>(size));
            const auto short_hands = random_sets(short_cards, size, count, 200 + static_cast<std::uint64_t>(size));
            const auto joker_hands = random_sets(with_jokers, size, count, 300 + static_cast<std::uint64_t>(size));
            // Hands prebuilt from the same cards, for the second pass.
            const auto as_hands = [&](const std::vector<CardSet>& sets) {
                return prebuilt ? std::vector<Hand>(sets.begin(), sets.end()) : std::vector<Hand>{};
            };
            const std::vector<Hand> prebuilt_hands = as_hands(hands), prebuilt_short = as_hands(short_hands),
                                    prebuilt_jokers = as_hands(joker_hands);
            const auto prebuilt_of = [&](const std::vector<CardSet>& sets) -> const std::vector<Hand>& {
                return &sets == &short_hands ? prebuilt_short : &sets == &joker_hands ? prebuilt_jokers : prebuilt_hands;
            };
            // Each round times the high evaluator, then every policy; a policy's
            // ratio is its time over the high time of the same round, and the
            // medians of those ratios are reported, steadier than raw speeds
            // on a shared machine.
            struct task {
                std::string name;
                std::function<std::uint64_t()> run;
            };
            auto over = [&](auto ev, const std::vector<CardSet>& sets) -> std::function<std::uint64_t()> {
                if (prebuilt)
                    return [ev, &built = prebuilt_of(sets)] {
                        std::uint64_t sum = 0;
                        for (const Hand& h : built) sum += ev.evaluate(h).value;
                        return sum;
                    };
                return [ev, &sets] {
                    std::uint64_t sum = 0;
                    for (CardSet h : sets) sum += ev.evaluate(h).value;
                    return sum;
                };
            };
            std::vector<task> tasks{
                {"high", over(evaluator<high>{}, hands)},
                {"ace-to-five", over(evaluator<ace_to_five_low>{}, hands)},
                {"ace-to-six", over(evaluator<ace_to_six_low>{}, hands)},
                {"deuce-to-seven", over(evaluator<deuce_to_seven_low>{}, hands)},
                {"eight-or-better", over(evaluator<eight_or_better_low>{}, hands)},
                {"short-deck", over(evaluator<short_deck>{}, short_hands)},
                {"short-deck-wsop", over(evaluator<short_deck_wsop>{}, short_hands)},
                {"deuces-wild", over(deuces_wild_evaluator{}, hands)},
                {"one-eyed-jacks", over(evaluator<high, wild>{wild{one_eyed_jacks()}}, hands)},
                {"jokers-wild", over(jokers_wild_evaluator{}, joker_hands)},
                {"double-ace-flush", over(evaluator<high, wild_double_ace>{wild_double_ace{joker_cards()}}, joker_hands)},
                {"bug", over(joker_draw_evaluator{}, joker_hands)},
                {"deuces-wild-paytable", over(deuces_wild_video_poker_evaluator{}, hands)},
                {"joker-poker-paytable", over(joker_poker_evaluator{}, joker_hands)},
                {"ace-to-five-joker", over(ace_to_five_joker_evaluator{}, joker_hands)},
                {"eight-or-better-joker", over(evaluator<eight_or_better_low, wild>{wild{joker_cards()}}, joker_hands)},
                {"ace-to-six-joker", over(evaluator<ace_to_six_low, wild>{wild{joker_cards()}}, joker_hands)},
                {"deuce-to-seven-joker", over(evaluator<deuce_to_seven_low, wild>{wild{joker_cards()}}, joker_hands)},
            };
            std::vector<std::vector<double>> seconds(tasks.size());
            for (int round = 0; round < opt.runs; ++round)
                for (std::size_t i = 0; i < tasks.size(); ++i) {
                    // Processor time of this thread: other work on a shared
                    // machine then delays a round without changing its figures.
                    double start = thread_seconds();
                    volatile std::uint64_t sink = tasks[i].run();
                    (void)sink;
                    seconds[i].push_back(thread_seconds() - start);
                }
            auto median = [](std::vector<double> v) {
                std::sort(v.begin(), v.end());
                return v[v.size() / 2];
            };
            for (std::size_t i = 0; i < tasks.size(); ++i) {
                std::vector<double> ratios;
                for (int round = 0; round < opt.runs; ++round)
                    ratios.push_back(seconds[i][static_cast<std::size_t>(round)] / seconds[0][static_cast<std::size_t>(round)]);
                std::printf("policy %-26s %d cards%s %8.1f M hands/s  %5.2f x the time per hand of high\n",
                            tasks[i].name.c_str(), size, prebuilt ? " (Hand)" : "", static_cast<double>(count) / median(seconds[i]) / 1e6,
                            median(ratios));
            }
            std::fflush(stdout);
        }
    }
    const auto cards = standard_cards();
    for (int size : {5, 7}) {
        std::string name = "for_each_hand " + std::to_string(size);
        if (!wanted(name)) continue;
        std::uint64_t hands = size == 5 ? 2'598'960ULL : 133'784'560ULL;
        int repeats = size == 5 ? 20 : 1;
        print(measure(name + (size == 5 ? " x20" : ""), opt.runs, hands * static_cast<std::uint64_t>(repeats), [&] {
            std::uint64_t sum = 0;
            for (int rep = 0; rep < repeats; ++rep)
                for_each_hand(ev, CardSet::standard_deck(), size, [&](const Hand&, hand_value v) { sum += v.value; });
            return sum;
        }));
    }
    if (wanted("enum5")) {
        constexpr int repeats = 20;
        print(measure("enum5 all 2,598,960 x20", opt.runs, 2'598'960ULL * repeats, [&] {
            std::uint64_t sum = 0;
            for (int rep = 0; rep < repeats; ++rep)
                for (int a = 0; a < 52; ++a) {
                    Hand ha = Hand{} + cards[a];
                    for (int b = a + 1; b < 52; ++b) {
                        Hand hb = ha + cards[b];
                        for (int c = b + 1; c < 52; ++c) {
                            Hand hc = hb + cards[c];
                            for (int d = c + 1; d < 52; ++d) {
                                Hand hd = hc + cards[d];
                                for (int e = d + 1; e < 52; ++e) sum += ev.evaluate(hd + cards[e]).value;
                            }
                        }
                    }
                }
            return sum;
        }));
    }
    if (wanted("enum7")) {
        print(measure("enum7 all 133,784,560", opt.runs, 133'784'560ULL, [&] {
            std::uint64_t sum = 0;
            for (int a = 0; a < 52; ++a) {
                Hand ha = Hand{} + cards[a];
                for (int b = a + 1; b < 52; ++b) {
                    Hand hb = ha + cards[b];
                    for (int c = b + 1; c < 52; ++c) {
                        Hand hc = hb + cards[c];
                        for (int d = c + 1; d < 52; ++d) {
                            Hand hd = hc + cards[d];
                            for (int e = d + 1; e < 52; ++e) {
                                Hand he = hd + cards[e];
                                for (int f = e + 1; f < 52; ++f) {
                                    Hand hf = he + cards[f];
                                    for (int g = f + 1; g < 52; ++g) sum += ev.evaluate(hf + cards[g]).value;
                                }
                            }
                        }
                    }
                }
            }
            return sum;
        }));
    }
    if (wanted("settle")) {
        // Whole showdowns with pots: six players, random cards and contributions,
        // one or two all-in for less; the time includes describing every hand.
        constexpr std::size_t showdown_count = 200'000;
        auto settle_rate = [&](const auto& game, int hole_cards, int board_cards, std::uint64_t seed) {
            xoshiro256ss rng(seed);
            struct deal {
                std::vector<seat> seats;
                CardSet board;
            };
            std::vector<deal> deals(showdown_count);
            for (deal& d : deals) {
                Deck deck;
                deck.shuffle(rng);
                for (Card c : deck.deal(board_cards)) d.board |= c;
                for (int p = 0; p < 6; ++p) {
                    seat s;
                    for (Card c : deck.deal(hole_cards)) s.cards |= c;
                    s.contribution = 100 - 40 * static_cast<chips>(uniform_below(rng, 3) == 0);
                    d.seats.push_back(s);
                }
            }
            result r = measure(std::string("settle ") + std::string(std::decay_t<decltype(game)>::traits.name) +
                                   ", 6 players",
                               opt.runs, showdown_count, [&] {
                                   std::uint64_t sum = 0;
                                   for (std::size_t i = 0; i < deals.size(); ++i)
                                       sum += static_cast<std::uint64_t>(
                                           settle(game, deals[i].seats, deals[i].board, i % 6).payouts[0]);
                                   return sum;
                               });
            std::printf("%-40s %8.1f k showdowns/s  %6.2f us per showdown\n", r.name.c_str(), r.median_rate / 1e3,
                        1e6 / r.median_rate);
        };
        settle_rate(games::holdem{}, 2, 5, 11);
        settle_rate(games::omaha_hi_lo{}, 4, 5, 12);
        settle_rate(games::seven_card_stud{}, 7, 0, 13);
    }
    {
        // Each play case is chosen by its own name: `--only play` runs them
        // all, `--only play-acpc` the four ACPC ones.
        // Whole hands: seeded deal, random legal actions chosen from legal(),
        // the showdown and the payouts, as a server plays them.
        // The simulation cases (`play-random-simulation`, `play-acpc-simulation`)
        // deal each card as it is used and play every hand in one `hand_state`
        // (docs/play.md section 2).
        auto play_rate = [&](std::string_view game, play::betting_structure structure, int players,
                             bool simulation) {
            play::hand_config config = play::hand_config::standard(game, structure, players, 200);
            if (simulation) config.dealing = play::dealing_order::card_by_card;
            const std::uint64_t hand_count = players == 2 ? 400'000 : 200'000;
            const std::string name = std::string(simulation ? "play-random-simulation " : "play-random-hand ") +
                                     std::string(game) + " " + std::string(play::to_string(structure)) + ", " +
                                     std::to_string(players) + " seats";
            if (!wanted(name)) return;
            result r = measure(name, opt.runs, hand_count, [&] {
                                   std::uint64_t sum = 0;
                                   xoshiro256ss rng{99};
                                   auto play_out = [&](play::hand_state& hand) {
                                       while (!hand.is_complete()) hand.apply(play::random_action(hand, rng));
                                       sum += static_cast<std::uint64_t>(hand.stacks()[0]) + hand.history().size();
                                   };
                                   play_hands(config, hand_count, simulation, play_out);
                                   return sum;
                               });
            std::printf("%-40s %8.1f k hands/s  %6.2f us per hand\n", r.name.c_str(), r.median_rate / 1e3,
                        1e6 / r.median_rate);
            std::fflush(stdout);
        };
        for (const bool simulation : {false, true}) {
            play_rate("holdem", play::betting_structure::no_limit, 2, simulation);
            play_rate("holdem", play::betting_structure::no_limit, 6, simulation);
            for (std::string_view game : {"omaha", "omaha-hi-lo", "stud", "razz", "five-card-draw",
                                          "deuce-to-seven-triple-draw", "badugi"})
                play_rate(game, play::hand_config::usual_structure(find_game(game)), 6, simulation);
        }

        // The random player of the ACPC's reference dealer, for the same-run
        // comparison of docs/performance.md: no-limit hold'em, stacks of
        // 20,000, blinds 50 and 100; fold 1/4 when facing a bet, check or call
        // 1/4, raise 1/2 to a uniform amount from the least to the largest (the
        // weights of the moves not legal dropped, as its example player does);
        // every hand shown down. The ACPC's dealer, like the simulation cases,
        // draws only the cards it deals and keeps its game definition by reference.
        auto acpc_policy_rate = [&](int players, bool simulation) {
            const std::string name = std::string(simulation ? "play-acpc-simulation" : "play-acpc-policy") +
                                     " holdem no-limit, " + std::to_string(players) + " seats";
            if (!wanted(name)) return;
            play::hand_options options;
            options.structure = play::betting_structure::no_limit;
            options.seats = players;
            options.stacks = {20'000};
            options.blinds = std::vector<chips>{50, 100};
            play::hand_config config = play::hand_config::from_options("holdem", options);
            if (simulation) config.dealing = play::dealing_order::card_by_card;
            const std::uint64_t hand_count = players == 2 ? 1'000'000 : 400'000;
            std::uint64_t actions = 0;
            result r = measure(name, opt.runs, hand_count, [&] {
                std::uint64_t sum = 0;
                actions = 0;
                xoshiro256ss rng{29};
                auto play_out = [&](play::hand_state& hand) {
                    while (!hand.is_complete()) {
                        const play::legal_actions l = hand.legal();
                        const int seat = *l.seat;
                        ++actions;
                        if (l.at != play::phase::betting) {
                            hand.apply(play::action::show_by(seat));
                            continue;
                        }
                        const std::uint64_t fold = l.can_fold && !l.can_check ? 1 : 0;
                        const std::uint64_t raise = l.can_raise ? 2 : 0;
                        const std::uint64_t pick = uniform_below(rng, fold + 1 + raise);
                        if (pick < fold) {
                            hand.apply(play::action::fold_by(seat));
                        } else if (pick == fold) {
                            hand.apply(l.passive());
                        } else {
                            const chips low = l.raise_is_all_in_only ? l.max_to : l.min_to;
                            const chips to = low + static_cast<chips>(uniform_below(
                                                       rng, static_cast<std::uint64_t>(l.max_to - low) + 1));
                            hand.apply(play::action::raise_to(seat, to));
                        }
                    }
                    sum += static_cast<std::uint64_t>(hand.stacks()[0]);
                };
                play_hands(config, hand_count, simulation, play_out);
                return sum;
            });
            std::printf("%-40s %8.1f k hands/s  %6.2f us per hand  %.2f actions a hand  checksum %llu\n",
                        r.name.c_str(), r.median_rate / 1e3, 1e6 / r.median_rate,
                        static_cast<double>(actions) / static_cast<double>(hand_count),
                        static_cast<unsigned long long>(r.checksum));
            std::fflush(stdout);
        };
        for (const bool simulation : {false, true}) {
            acpc_policy_rate(2, simulation);
            acpc_policy_rate(6, simulation);
        }
    }
    if (wanted("equity-exact")) {
        // Exact equity, each spot enumerated the quick way (boards by rank
        // first) and the plain way (every board dealt), alternately; the
        // ratio is the median of the per-round ratios.
        struct spot {
            const char* name;
            const char* game;
            std::vector<const char*> hands;
            const char* board;
        };
        const std::vector<spot> spots{
            {"heads-up preflop AsAh KsKd", "holdem", {"AsAh", "KsKd"}, ""},
            {"three-way preflop AsAh KsKd 8c7c", "holdem", {"AsAh", "KsKd", "8c7c"}, ""},
            {"QQ+,AKs against JJ-99,AQs+", "holdem", {"QQ+,AKs", "JJ-99,AQs+"}, ""},
            {"three ranges on the flop", "holdem", {"AA,KK,AKs", "QQ-99", "T9s,98s,87s"}, "2h 7d Tc"},
            {"four ranges on the turn", "holdem", {"AA,KK", "QQ,JJ", "AKs,AQs", "T9s,98s"}, "2h 7d Tc 3s"},
            {"six hands on the flop", "holdem", {"AsAh", "KsKd", "8c7c", "QdJd", "5h5s", "9c9d"}, "2h 7d Tc"},
            {"Omaha on the flop AAKK against QQJJ", "omaha", {"AAKK", "QQJJ"}, "2d 7s 8d"},
            {"Omaha on the flop, two hands", "omaha", {"AsAhKsKd", "QdJdTc9c"}, "2d 7s 8d"},
            {"Omaha on the turn, three hands", "omaha", {"AsKs2h3h", "QdJdTc9c", "8h7h6s5s"}, "2d 7s 8d Kc"},
            {"six-card Omaha on the flop, two hands", "omaha6", {"AsAhKsKd2c3c", "QdJdTc9c8h7h"}, "2d 7s 8d"},
            {"Omaha hi/lo on the flop", "omaha-hi-lo", {"AA23", "KKQQ"}, "4d 7s 8d"},
        };
        for (const spot& s : spots) {
            const any_game game = find_game(s.game);
            std::vector<hand_range> players;
            for (const char* h : s.hands) players.push_back(parse_player(game, h));
            const CardSet board = *s.board ? parse_card_set(s.board) : CardSet{};
            equity_options quick, plain;
            quick.method = plain.method = equity_method::exact;
            plain.plain_enumeration = true;
            std::vector<double> quick_seconds, plain_seconds, ratios;
            std::uint64_t deals = 0;
            for (int round = 0; round < opt.runs; ++round) {
                const equity_result a = equity(game, players, board, CardSet{}, quick);
                const equity_result b = equity(game, players, board, CardSet{}, plain);
                if (a.players[0].equity != b.players[0].equity) {
                    std::fprintf(stderr, "benchmark: %s: the two enumerations differ\n", s.name);
                    std::exit(1);
                }
                deals = a.deals;
                quick_seconds.push_back(a.cpu_seconds);
                plain_seconds.push_back(b.cpu_seconds);
                ratios.push_back(b.cpu_seconds / std::max(a.cpu_seconds, 1e-9));
            }
            auto median = [](std::vector<double> v) {
                std::sort(v.begin(), v.end());
                return v[v.size() / 2];
            };
            std::uint64_t combos = 0;
            for (const weighted_combo& x : players[0].combos())
                for (const weighted_combo& y : players[1].combos()) combos += !x.cards.intersects(y.cards);
            std::printf("equity-exact %-36s %9.2f ms, plain %9.2f ms: %5.1f x; %12llu deals",
                        s.name, 1e3 * median(quick_seconds), 1e3 * median(plain_seconds), median(ratios),
                        static_cast<unsigned long long>(deals));
            if (players.size() == 2 && combos > 1)
                std::printf(", %.0f combos/s", static_cast<double>(combos) / median(quick_seconds));
            std::printf("\n");
            std::fflush(stdout);
        }
    }
    if (wanted("equity-table")) {
        // The 169 x 169 starting-hand table, once on one thread and once on two.
        for (int threads : {1, 2}) {
            auto start = std::chrono::steady_clock::now();
            const std::clock_t cpu_start = std::clock();
            const starting_hand_table t = starting_hand_equities(threads);
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
            std::printf("equity-table %d thread%s %8.2f s wall, %8.2f s processor, %llu matchups, AA against KK %.5f\n",
                        threads, threads == 1 ? " " : "s", seconds, cpu, static_cast<unsigned long long>(t.matchups),
                        t.equity[0][14]);
            std::fflush(stdout);
        }
    }
    if (wanted("replay")) {
        // Hand histories: a .phhs of six-seat no-limit hold'em hands played at
        // random, read (phh_document) and replayed hand by hand on one thread,
        // as `poker replay` does before it prints.
        const play::hand_config config = play::hand_config::standard("holdem", play::betting_structure::no_limit, 6, 200);
        constexpr std::uint64_t hand_count = 20'000;
        std::string phhs;
        xoshiro256ss rng{5};
        for (std::uint64_t h = 0; h < hand_count; ++h) {
            play::hand_state hand{config, h};
            while (!hand.is_complete()) hand.apply(play::random_action(hand, rng));
            phhs += "[" + std::to_string(h + 1) + "]\n" + play::write_phh(hand) + "\n";
        }
        result r = measure("replay-phhs holdem no-limit, 6 seats", opt.runs, hand_count, [&] {
            std::uint64_t sum = 0;
            const play::phh_document document{phhs, "bench.phhs"};
            for (std::size_t i = 0; i < document.size(); ++i) {
                const play::replay_result replayed = play::replay(document.hand(i));
                sum += static_cast<std::uint64_t>(replayed.ok) + static_cast<std::uint64_t>(replayed.state->stacks()[0]);
            }
            return sum;
        });
        std::printf("%-40s %8.1f k hands/s  %6.2f us per hand (%zu bytes a hand)\n", r.name.c_str(),
                    r.median_rate / 1e3, 1e6 / r.median_rate, phhs.size() / hand_count);
        std::fflush(stdout);
    }
    if (wanted("server-views")) {
        // What the table server writes for each view a seat is sent: the view
        // whole, or its patch from the view before (the server keeps the view,
        // moved, as the next one's base); six-seat no-limit hold'em with names,
        // every seat's views of 300 hands, calls and checks and a fold now and then.
        play::table t{play::table_config::standard("holdem", play::betting_structure::no_limit, 6), 42};
        for (int s = 0; s < 6; ++s) t.join(s, "player-" + std::to_string(s + 1), 200);
        xoshiro256ss rng{3};
        std::vector<std::vector<server::json>> hands;  // per hand and seat, the views in order, seat after seat
        std::size_t view_count = 0;
        for (int h = 0; h < 300 && t.can_start_hand(); ++h) {
            play::hand_state hand = t.start_hand();
            std::vector<std::vector<server::json>> by_seat(static_cast<std::size_t>(hand.players()));
            while (true) {
                for (int s = 0; s < hand.players(); ++s)
                    by_seat[static_cast<std::size_t>(s)].push_back(server::to_json(hand.view_for(s), &*t.current()));
                if (hand.is_complete()) break;
                const play::legal_actions l = hand.legal();
                hand.apply(l.can_fold && rng() % 4 == 0 ? play::action::fold_by(*l.seat) : l.passive());
            }
            t.finish_hand(hand);
            for (auto& views : by_seat) {
                view_count += views.size();
                hands.push_back(std::move(views));
            }
        }
        std::size_t whole_bytes = 0, patch_bytes = 0;
        result whole = measure("server-views whole", opt.runs, view_count, [&] {
            std::uint64_t sum = 0;
            for (const auto& views : hands)
                for (const server::json& v : views) sum += server::frame_text(v).size();
            whole_bytes = sum;
            return sum;
        });
        result patched = measure("server-views patches", opt.runs, view_count, [&] {
            std::uint64_t sum = 0;
            for (const auto& views : hands) {
                sum += server::frame_text(views.front()).size();  // a hand's first view goes whole
                for (std::size_t i = 1; i < views.size(); ++i) sum += server::view_patch_text(views[i - 1], views[i]).size();
            }
            patch_bytes = sum;
            return sum;
        });
        std::printf("server-views %zu views: whole %.2f us and %.0f bytes a view, patches %.2f us and %.0f bytes: "
                    "%.2f x the time, %.2f x the bytes\n",
                    view_count, 1e6 / whole.median_rate, static_cast<double>(whole_bytes) / static_cast<double>(view_count),
                    1e6 / patched.median_rate, static_cast<double>(patch_bytes) / static_cast<double>(view_count),
                    whole.median_rate / patched.median_rate, static_cast<double>(patch_bytes) / static_cast<double>(whole_bytes));
        std::fflush(stdout);
    }
    if (wanted("import") && !opt.pokerstars.empty()) {
        // A PokerStars history (--pokerstars FILE) read and every hand replayed and
        // compared with the record on one thread, as `poker import` does before it prints.
        std::ifstream in{opt.pokerstars, std::ios::binary};
        std::ostringstream text;
        text << in.rdbuf();
        const std::string history = std::move(text).str();
        const play::history_reader& reader = *play::find_reader("pokerstars");
        const std::size_t hand_count = reader.read(history, opt.pokerstars).size();
        result r = measure("import pokerstars, read and check", opt.runs, hand_count, [&] {
            std::uint64_t sum = 0;
            for (const play::imported_hand& hand : reader.read(history, opt.pokerstars))
                sum += static_cast<std::uint64_t>(play::check(hand).status);
            return sum;
        });
        std::printf("%-40s %8.1f k hands/s  %6.2f us per hand (%zu hands, %zu bytes a hand)\n", r.name.c_str(),
                    r.median_rate / 1e3, 1e6 / r.median_rate, hand_count, history.size() / std::max<std::size_t>(1, hand_count));
        std::fflush(stdout);
    }
    return 0;
}
