#include "pokerengine/video_poker.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <utility>

#include "pokerengine/evaluator.hpp"

namespace pokerengine {
namespace {

constexpr std::size_t no_row = 255;

// The rows of each game, best first, with the payouts of its built-in table.
const std::vector<pay_row>& rows_of(video_poker_game game) {
    static const std::vector<pay_row> jacks{
        {"royal-flush", "Royal flush", 800},         {"straight-flush", "Straight flush", 50},
        {"four-of-a-kind", "Four of a kind", 25},    {"full-house", "Full house", 9},
        {"flush", "Flush", 6},                       {"straight", "Straight", 4},
        {"three-of-a-kind", "Three of a kind", 3},   {"two-pair", "Two pair", 2},
        {"jacks-or-better", "Jacks or better", 1},
    };
    static const std::vector<pay_row> deuces{
        {"natural-royal-flush", "Natural royal flush", 800}, {"four-deuces", "Four deuces", 200},
        {"wild-royal-flush", "Wild royal flush", 25},        {"five-of-a-kind", "Five of a kind", 15},
        {"straight-flush", "Straight flush", 9},             {"four-of-a-kind", "Four of a kind", 5},
        {"full-house", "Full house", 3},                     {"flush", "Flush", 2},
        {"straight", "Straight", 2},                         {"three-of-a-kind", "Three of a kind", 1},
    };
    static const std::vector<pay_row> joker{
        {"natural-royal-flush", "Natural royal flush", 800}, {"five-of-a-kind", "Five of a kind", 200},
        {"wild-royal-flush", "Wild royal flush", 100},       {"straight-flush", "Straight flush", 50},
        {"four-of-a-kind", "Four of a kind", 20},            {"full-house", "Full house", 7},
        {"flush", "Flush", 5},                               {"straight", "Straight", 3},
        {"three-of-a-kind", "Three of a kind", 2},           {"two-pair", "Two pair", 1},
        {"kings-or-better", "Kings or better", 1},
    };
    switch (game) {
        case video_poker_game::jacks_or_better: return jacks;
        case video_poker_game::deuces_wild: return deuces;
        case video_poker_game::joker_poker_kings: break;
    }
    return joker;
}

constexpr std::array<video_poker_game, 3> all_games{video_poker_game::jacks_or_better, video_poker_game::deuces_wild,
                                                    video_poker_game::joker_poker_kings};

template <class Names>
std::string listed(const Names& names) {
    std::string out;
    for (std::string_view n : names) out += (out.empty() ? "" : ", ") + std::string(n);
    return out;
}

// The pay row of a hand from its category; one pair pays only from `lowest_pair` up.
constexpr std::size_t row_by_category(video_poker_game game, hand_category c) {
    using hc = hand_category;
    switch (game) {
        case video_poker_game::jacks_or_better:
            switch (c) {
                case hc::royal_flush: return 0;
                case hc::straight_flush: return 1;
                case hc::four_of_a_kind: return 2;
                case hc::full_house: return 3;
                case hc::flush: return 4;
                case hc::straight: return 5;
                case hc::three_of_a_kind: return 6;
                case hc::two_pair: return 7;
                case hc::one_pair: return 8;
                default: return no_row;
            }
        case video_poker_game::deuces_wild:
            switch (c) {
                case hc::royal_flush: return 0;
                case hc::four_wild_cards: return 1;
                case hc::wild_royal_flush: return 2;
                case hc::five_of_a_kind: return 3;
                case hc::straight_flush: return 4;
                case hc::four_of_a_kind: return 5;
                case hc::full_house: return 6;
                case hc::flush: return 7;
                case hc::straight: return 8;
                case hc::three_of_a_kind: return 9;
                default: return no_row;
            }
        case video_poker_game::joker_poker_kings:
            switch (c) {
                case hc::royal_flush: return 0;
                case hc::five_of_a_kind: return 1;
                case hc::wild_royal_flush: return 2;
                case hc::straight_flush: return 3;
                case hc::four_of_a_kind: return 4;
                case hc::full_house: return 5;
                case hc::flush: return 6;
                case hc::straight: return 7;
                case hc::three_of_a_kind: return 8;
                case hc::two_pair: return 9;
                case hc::one_pair: return 10;
                default: return no_row;
            }
    }
    return no_row;
}

template <class Evaluator>
std::size_t row_with(const Evaluator& ev, video_poker_game game, CardSet five, Rank lowest_pair) {
    hand_value v = ev.evaluate(five);
    hand_shape shape = ev.shape(v);
    if (shape.category == hand_category::one_pair && shape.primary() < lowest_pair) return no_row;
    return row_by_category(game, shape.category);
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// The line's words, split at spaces and tabs.
std::vector<std::string_view> words_of(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) words.push_back(line.substr(start, i - start));
    }
    return words;
}

// Binomial coefficients C(n, k) for n up to 53 and k up to 5.
struct binomials {
    std::array<std::array<std::int64_t, 6>, 54> c{};
    constexpr binomials() {
        for (std::size_t n = 0; n < c.size(); ++n) {
            c[n][0] = 1;
            for (std::size_t k = 1; k < 6; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
        }
    }
};
constexpr binomials choose{};

// The cards of a deck in increasing code order.
std::vector<Card> cards_of(CardSet deck) { return {deck.begin(), deck.end()}; }

// Calls `visit(bits)` for every `k`-card subset of `cards[from..]`, each added to `base`.
template <class Visit>
void for_each_subset(std::span<const Card> cards, std::size_t from, int k, std::uint64_t base, Visit&& visit) {
    if (k == 0) {
        visit(base);
        return;
    }
    for (std::size_t i = from; i + static_cast<std::size_t>(k) <= cards.size(); ++i)
        for_each_subset(cards, i + 1, k - 1, base | (1ULL << cards[i].code()), visit);
}

// The suits of a set exchanged by a permutation; the joker stays where it is.
std::uint64_t with_suits_permuted(std::uint64_t bits, const std::array<int, 4>& to) {
    std::uint64_t out = bits & CardSet::joker_bits;
    std::uint64_t natural = bits & CardSet::standard_bits;
    for (int s = 0; s < 4; ++s) out |= ((natural >> (16 * s)) & 0x1fff) << (16 * to[static_cast<std::size_t>(s)]);
    return out;
}

std::array<std::array<int, 4>, 24> suit_permutations() {
    std::array<std::array<int, 4>, 24> all{};
    std::array<int, 4> p{0, 1, 2, 3};
    std::size_t n = 0;
    do all[n++] = p;
    while (std::next_permutation(p.begin(), p.end()));
    return all;
}

}  // namespace

std::string_view game_name(video_poker_game game) {
    switch (game) {
        case video_poker_game::jacks_or_better: return "jacks-or-better";
        case video_poker_game::deuces_wild: return "deuces-wild";
        case video_poker_game::joker_poker_kings: break;
    }
    return "joker-poker-kings";
}

namespace {
// `jacks-or-better`, `deuces-wild`, `joker-poker-kings`.
std::vector<std::string_view> all_games_names() {
    std::vector<std::string_view> names;
    for (video_poker_game g : all_games) names.push_back(game_name(g));
    return names;
}
}  // namespace

pay_table pay_table::named(std::string_view name) {
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return pay_table(all_games[i], std::string(name), rows_of(all_games[i]));
    throw paytable_error("unknown pay table " + pokerengine::quoted(name) + " (pay tables: " + listed(names) +
                         ", or a pay-table file)");
}

std::vector<std::string_view> pay_table::row_keys(video_poker_game game) {
    std::vector<std::string_view> keys;
    for (const pay_row& r : rows_of(game)) keys.push_back(r.key);
    return keys;
}

pay_table pay_table::parse(std::string_view text, std::string_view source) {
    auto fail = [&](int line, const std::string& what) -> paytable_error {
        return paytable_error(printable(source) + ": " + (line > 0 ? "line " + std::to_string(line) + ": " : "") +
                              what);
    };
    bool have_game = false;
    video_poker_game game{};
    std::vector<pay_row> rows;
    std::vector<int> given_on;  // the line of each row, 0 while missing
    int line_number = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++line_number;
        if (std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
        std::vector<std::string_view> words = words_of(trimmed(line));
        if (words.empty()) continue;
        if (!have_game) {
            if (words[0] != "game")
                throw fail(line_number, "the first line must be 'game NAME' (games: " + listed(all_games_names()) +
                                            "), got " + pokerengine::quoted(trimmed(line)));
            if (words.size() != 2) throw fail(line_number, "'game' takes one name (games: " + listed(all_games_names()) + ")");
            auto found = std::find_if(all_games.begin(), all_games.end(),
                                      [&](video_poker_game g) { return game_name(g) == words[1]; });
            if (found == all_games.end())
                throw fail(line_number, "unknown game " + pokerengine::quoted(words[1]) + " (games: " +
                                            listed(all_games_names()) + ")");
            game = *found;
            rows = rows_of(game);
            given_on.assign(rows.size(), 0);
            have_game = true;
            continue;
        }
        if (words[0] == "game") throw fail(line_number, "'game' given twice (first on an earlier line)");
        auto row = std::find_if(rows.begin(), rows.end(), [&](const pay_row& r) { return r.key == words[0]; });
        if (row == rows.end())
            throw fail(line_number, "unknown category " + pokerengine::quoted(words[0]) + " for " +
                                        std::string(game_name(game)) + " (categories: " + listed(row_keys(game)) + ")");
        auto index = static_cast<std::size_t>(row - rows.begin());
        if (words.size() != 2)
            throw fail(line_number, "expected 'CATEGORY PAYS', e.g. \"" + std::string(row->key) + " " +
                                        std::to_string(row->pays) + "\"");
        if (given_on[index] != 0)
            throw fail(line_number, "category " + std::string(row->key) + " given twice (first on line " +
                                        std::to_string(given_on[index]) + ")");
        std::int64_t pays = -1;
        std::string_view number = words[1];
        auto [end_of_number, error] = std::from_chars(number.data(), number.data() + number.size(), pays);
        if (error != std::errc{} || end_of_number != number.data() + number.size() || pays < 0 || pays > max_pays)
            throw fail(line_number, "the payout of " + std::string(row->key) + " must be a whole number from 0 to " +
                                        std::to_string(max_pays) + ", got " + pokerengine::quoted(number));
        row->pays = pays;
        given_on[index] = line_number;
    }
    if (!have_game) throw fail(0, "empty pay table: the first line must be 'game NAME'");
    std::vector<std::string_view> missing;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (given_on[i] == 0) missing.push_back(rows[i].key);
    if (!missing.empty()) throw fail(0, "missing categories for " + std::string(game_name(game)) + ": " + listed(missing));
    return pay_table(game, std::string(source), std::move(rows));
}

CardSet pay_table::deck() const {
    CardSet d = CardSet::standard_deck();
    if (game_ == video_poker_game::joker_poker_kings) d |= Card::joker(0);
    return d;
}

std::size_t pay_table::row_of(CardSet five) const {
    std::size_t row = no_row;
    switch (game_) {
        case video_poker_game::jacks_or_better: row = row_with(high_evaluator{}, game_, five, Rank::jack); break;
        case video_poker_game::deuces_wild:
            row = row_with(deuces_wild_video_poker_evaluator{}, game_, five, Rank::ace);
            break;
        case video_poker_game::joker_poker_kings:
            row = row_with(joker_poker_evaluator{}, game_, five, Rank::king);
            break;
    }
    return row == no_row ? rows_.size() : row;
}

exact_fraction hold_value::ev() const { return exact_fraction(pay_sum, draws); }

void check_dealt_hand(const pay_table& table, std::span<const Card> hand) {
    CardSet set;
    std::string text;
    for (Card c : hand) {
        if (!text.empty()) text += ' ';
        text += to_string(c);
    }
    if (hand.size() != 5)
        throw hand_error("video poker deals 5 cards, got " + std::to_string(hand.size()) + ": " +
                         pokerengine::quoted(text));
    for (Card c : hand) {
        if (set.contains(c))
            throw hand_error("card " + to_string(c) + " appears twice in " + pokerengine::quoted(text));
        if (!table.deck().contains(c)) {
            if (c.is_joker() && table.game() != video_poker_game::joker_poker_kings)
                throw hand_error("a joker (Xx) is not in the deck of " + std::string(game_name(table.game())) +
                                 " (only joker-poker-kings has one): " + pokerengine::quoted(text));
            throw hand_error("joker poker has one joker: " + pokerengine::quoted(text));
        }
        set |= c;
    }
}

std::vector<hold_value> analyze_hand(const pay_table& table, CardSet hand) {
    {
        std::vector<Card> listed_cards(hand.begin(), hand.end());
        check_dealt_hand(table, listed_cards);
    }
    std::vector<Card> dealt(hand.begin(), hand.end());
    std::vector<Card> rest = cards_of(table.deck() - hand);
    std::vector<hold_value> holds;
    for (unsigned mask = 0; mask < 32; ++mask) {
        hold_value h;
        for (std::size_t i = 0; i < 5; ++i) (mask >> i & 1 ? h.held : h.discarded) |= dealt[i];
        int drawn = 5 - h.held.size();
        std::int64_t sum = 0, draws = 0;
        for_each_subset(rest, 0, drawn, h.held.bits(), [&](std::uint64_t bits) {
            sum += table.pays(CardSet{bits});
            ++draws;
        });
        h.pay_sum = sum;
        h.draws = draws;
        holds.push_back(h);
    }
    std::stable_sort(holds.begin(), holds.end(), [](const hold_value& a, const hold_value& b) {
        if (better_hold(a, b)) return true;
        if (better_hold(b, a)) return false;
        if (a.held.size() != b.held.size()) return a.held.size() > b.held.size();
        // Then higher cards first, as a player reads them.
        CardList x = by_rank_descending(a.held), y = by_rank_descending(b.held);
        return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end(), [](Card p, Card q) {
            return p.rank() != q.rank() ? p.rank() > q.rank() : p.suit() > q.suit();
        });
    });
    return holds;
}

// ---------------------------------------------------------------------------
// draw_tables

namespace {

// Colex ranks of the 32 subsets of a hand, by mask over its cards in increasing index order.
std::array<std::int64_t, 32> subset_ranks(const std::array<std::size_t, 5>& idx) {
    std::array<std::int64_t, 32> rank{};
    for (unsigned mask = 1; mask < 32; ++mask) {
        int top = 31 - std::countl_zero(mask);
        rank[mask] = rank[mask ^ (1u << top)] +
                     choose.c[idx[static_cast<std::size_t>(top)]][static_cast<std::size_t>(std::popcount(mask))];
    }
    return rank;
}

}  // namespace

draw_tables::draw_tables(const pay_table& table)
    : table_(table), deck_size_(table.deck_size()), row_count_(static_cast<int>(table.rows().size())) {
    index_of_code_.fill(-1);
    std::vector<Card> deck = cards_of(table.deck());
    for (std::size_t i = 0; i < deck.size(); ++i) {
        index_of_code_[deck[i].code()] = static_cast<std::int8_t>(i);
        code_of_index_[i] = deck[i].code();
    }
    auto n = static_cast<std::size_t>(deck_size_);
    auto rows = static_cast<std::size_t>(row_count_);
    for (std::size_t k = 0; k < 5; ++k) row_counts_[k].assign(static_cast<std::size_t>(choose.c[n][k]) * rows, 0);
    five_card_rows_.assign(static_cast<std::size_t>(choose.c[n][5]), 0);

    // Every final hand adds one to its row in each of its 31 proper subsets.
    std::array<std::size_t, 5> idx{};
    for (idx[4] = 4; idx[4] < n; ++idx[4])
        for (idx[3] = 3; idx[3] < idx[4]; ++idx[3])
            for (idx[2] = 2; idx[2] < idx[3]; ++idx[2])
                for (idx[1] = 1; idx[1] < idx[2]; ++idx[1])
                    for (idx[0] = 0; idx[0] < idx[1]; ++idx[0]) {
                        std::uint64_t bits = 0;
                        for (std::size_t i : idx) bits |= 1ULL << code_of_index_[i];
                        std::size_t row = table_.row_of(CardSet{bits});
                        std::array<std::int64_t, 32> rank = subset_ranks(idx);
                        five_card_rows_[static_cast<std::size_t>(rank[31])] = static_cast<std::uint8_t>(row);
                        if (row >= rows) continue;
                        for (unsigned mask = 0; mask < 31; ++mask)
                            ++row_counts_[static_cast<std::size_t>(std::popcount(mask))]
                                         [static_cast<std::size_t>(rank[mask]) * rows + row];
                    }
    for (std::size_t k = 0; k < 5; ++k) {
        std::size_t subsets = row_counts_[k].size() / rows;
        pay_sums_[k].assign(subsets, 0);
        for (std::size_t s = 0; s < subsets; ++s)
            for (std::size_t r = 0; r < rows; ++r)
                pay_sums_[k][s] += static_cast<std::int64_t>(row_counts_[k][s * rows + r]) * table_.rows()[r].pays;
    }
}

int draw_tables::card_index(Card c) const { return index_of_code_[c.code()]; }

std::array<hold_value, 32> draw_tables::holds(CardSet hand) const {
    std::array<std::size_t, 5> idx{};
    std::array<Card, 5> cards{};
    std::size_t n = 0;
    for (Card c : hand) {  // increasing code order is increasing index order
        cards[n] = c;
        idx[n++] = static_cast<std::size_t>(card_index(c));
    }
    std::array<std::int64_t, 32> rank = subset_ranks(idx);
    std::array<std::int64_t, 32> sum{};
    for (unsigned mask = 0; mask < 31; ++mask)
        sum[mask] = pay_sums_[static_cast<std::size_t>(std::popcount(mask))][static_cast<std::size_t>(rank[mask])];
    std::size_t own_row = five_card_rows_[static_cast<std::size_t>(rank[31])];
    sum[31] = own_row < static_cast<std::size_t>(row_count_) ? table_.rows()[own_row].pays : 0;
    // Inclusion-exclusion over the discarded cards: the final hands holding
    // exactly the kept cards of the five dealt are those holding the kept
    // cards, less those that also hold a discarded card, and so on.
    for (unsigned bit = 1; bit < 32; bit <<= 1)
        for (unsigned mask = 0; mask < 32; ++mask)
            if (!(mask & bit)) sum[mask] -= sum[mask | bit];
    std::array<hold_value, 32> out{};
    auto remaining = static_cast<std::size_t>(deck_size_ - 5);
    for (unsigned mask = 0; mask < 32; ++mask) {
        hold_value& h = out[mask];
        for (std::size_t i = 0; i < 5; ++i) (mask >> i & 1 ? h.held : h.discarded) |= cards[i];
        h.pay_sum = sum[mask];
        h.draws = choose.c[remaining][static_cast<std::size_t>(5 - std::popcount(mask))];
    }
    return out;
}

std::vector<std::int64_t> draw_tables::row_counts(CardSet hand, CardSet held) const {
    std::array<std::size_t, 5> idx{};
    unsigned held_mask = 0;
    std::size_t n = 0;
    for (Card c : hand) {
        if (held.contains(c)) held_mask |= 1u << n;
        idx[n++] = static_cast<std::size_t>(card_index(c));
    }
    std::array<std::int64_t, 32> rank = subset_ranks(idx);
    auto rows = static_cast<std::size_t>(row_count_);
    std::vector<std::int64_t> counts(rows + 1, 0);
    for (unsigned mask = held_mask; mask < 32; mask = (mask + 1) | held_mask) {
        std::int64_t sign = (std::popcount(mask ^ held_mask) & 1) ? -1 : 1;
        if (mask == 31) {
            std::size_t row = five_card_rows_[static_cast<std::size_t>(rank[31])];
            if (row < rows) counts[row] += sign;
        } else {
            const std::uint32_t* c = &row_counts_[static_cast<std::size_t>(std::popcount(mask))]
                                                 [static_cast<std::size_t>(rank[mask]) * rows];
            for (std::size_t r = 0; r < rows; ++r) counts[r] += sign * c[r];
        }
        if (mask == 31) break;
    }
    std::int64_t draws = choose.c[static_cast<std::size_t>(deck_size_ - 5)][static_cast<std::size_t>(5 - held.size())];
    std::int64_t paying = 0;
    for (std::size_t r = 0; r < rows; ++r) paying += counts[r];
    counts[rows] = draws - paying;
    return counts;
}

video_poker_return compute_return(const draw_tables& tables) {
    const pay_table& table = tables.table();
    auto rows = table.rows().size();
    std::vector<Card> deck = cards_of(table.deck());
    const auto permutations = suit_permutations();
    // By number of cards drawn: the weighted pay sums and row counts of the best holds.
    std::array<std::int64_t, 6> pay_by_drawn{};
    std::array<std::vector<std::int64_t>, 6> rows_by_drawn;
    for (auto& r : rows_by_drawn) r.assign(rows + 1, 0);
    video_poker_return result;
    for_each_subset(deck, 0, 5, 0, [&](std::uint64_t bits) {
        ++result.deals;
        // One deal per class of deals equal up to renaming suits: the one with
        // the smallest bits, weighted by the size of its class.
        int fixed = 0;
        for (const auto& p : permutations) {
            std::uint64_t image = with_suits_permuted(bits, p);
            if (image < bits) return;
            fixed += image == bits;
        }
        std::int64_t weight = 24 / fixed;
        ++result.distinct_deals;
        std::array<hold_value, 32> holds = tables.holds(CardSet{bits});
        const hold_value* best = &holds[31];
        for (unsigned mask = 31; mask-- > 0;) {
            const hold_value& h = holds[mask];
            if (better_hold(h, *best) || (!better_hold(*best, h) && h.held.size() > best->held.size())) best = &h;
        }
        auto drawn = static_cast<std::size_t>(best->discarded.size());
        pay_by_drawn[drawn] += weight * best->pay_sum;
        std::vector<std::int64_t> counts = tables.row_counts(CardSet{bits}, best->held);
        for (std::size_t r = 0; r <= rows; ++r) rows_by_drawn[drawn][r] += weight * counts[r];
    });
    auto remaining = static_cast<std::size_t>(table.deck_size() - 5);
    exact_fraction deals(static_cast<std::int64_t>(result.deals));
    result.value = 0;
    result.row_probability.assign(rows + 1, exact_fraction(0));
    for (std::size_t drawn = 0; drawn <= 5; ++drawn) {
        exact_fraction per_deal = exact_fraction(1) / (deals * choose.c[remaining][drawn]);
        result.value += per_deal * pay_by_drawn[drawn];
        for (std::size_t r = 0; r <= rows; ++r) result.row_probability[r] += per_deal * rows_by_drawn[drawn][r];
    }
    return result;
}

}  // namespace pokerengine
