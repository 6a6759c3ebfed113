#include "pokerengine/range.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <unordered_set>
#include <utility>

namespace pokerengine {
namespace {

constexpr std::string_view rank_chars = "23456789TJQKA";

int rank_index(char c) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    std::size_t at = rank_chars.find(c);
    return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A token of the text and where it starts (1-based), for error messages.
struct token {
    std::string_view text;
    std::size_t position;
};

[[noreturn]] void fail(const token& t, std::string_view why) {
    throw range_error("bad range token " + quoted(t.text) + " at position " + std::to_string(t.position) +
                      ": " + std::string(why));
}

// Splits on commas and trims spaces; an empty token is an error.
std::vector<token> split_tokens(std::string_view text) {
    std::vector<token> tokens;
    std::size_t start = 0;
    while (true) {
        std::size_t end = std::min(text.find(',', start), text.size());
        std::size_t first = start, last = end;
        while (first < last && is_space(text[first])) ++first;
        while (last > first && is_space(text[last - 1])) --last;
        token t{text.substr(first, last - first), first + 1};
        if (t.text.empty())
            throw range_error("empty range token at position " + std::to_string(first + 1) +
                              (text.find_first_not_of(" \t\r\n") == std::string_view::npos ? " (the range is empty)"
                               : end == text.size() ? " (nothing after the last comma)"
                               : start == 0         ? " (nothing before the first comma)"
                                                    : " (two commas in a row?)"));
        tokens.push_back(t);
        if (end == text.size()) break;
        start = end + 1;
    }
    return tokens;
}

// Splits `AKs:0.5` into the hand part and its weight.
std::pair<token, double> split_weight(const token& t) {
    std::size_t colon = t.text.rfind(':');
    if (colon == std::string_view::npos) return {t, 1.0};
    std::string_view number = t.text.substr(colon + 1);
    double weight = 0;
    auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), weight);
    if (number.empty() || ec != std::errc{} || end != number.data() + number.size())
        fail(t, "the weight after ':' must be a number, as in AKs:0.5");
    if (!(weight >= min_weight && weight <= max_weight))
        fail(t, "the weight after ':' must be a number from 0.000000001 to 1000000000 (1e-9 to 1e9)");
    std::string_view hand = t.text.substr(0, colon);
    while (!hand.empty() && is_space(hand.back())) hand.remove_suffix(1);
    if (hand.empty()) fail(t, "a weight needs a hand before the ':'");
    return {token{hand, t.position}, weight};
}

// A starting-hand class: two ranks (high >= low) and suited, offsuit or either.
struct hand_class {
    int high = 0;
    int low = 0;
    char suitedness = 0;  // 's', 'o' or 0 for both (pairs: 0)

    bool is_pair() const { return high == low; }
};

// Reads `AK`, `AKs`, `AKo`, `QQ` at the start of `text`; returns the characters used.
std::size_t read_class(std::string_view text, const token& t, hand_class& out) {
    if (text.size() < 2) fail(t, "expected two ranks such as AK or QQ");
    int a = rank_index(text[0]), b = rank_index(text[1]);
    if (a < 0 || b < 0) fail(t, "expected two ranks (A K Q J T 9 ... 2) such as AK or QQ");
    out = {std::max(a, b), std::min(a, b), 0};
    std::size_t used = 2;
    if (text.size() > 2 && (text[2] == 's' || text[2] == 'o' || text[2] == 'S' || text[2] == 'O')) {
        if (out.is_pair()) fail(t, "a pair is neither suited nor offsuit");
        out.suitedness = static_cast<char>(text[2] == 'S' ? 's' : text[2] == 'O' ? 'o' : text[2]);
        used = 3;
    }
    return used;
}

void add_class(const hand_class& c, double weight, std::vector<weighted_combo>& out) {
    for (int s1 = 0; s1 < suit_count; ++s1)
        for (int s2 = 0; s2 < suit_count; ++s2) {
            if (c.is_pair() ? s2 <= s1 : (c.suitedness == 's' && s1 != s2) || (c.suitedness == 'o' && s1 == s2))
                continue;
            CardSet combo = CardSet{Card{static_cast<Rank>(c.high), static_cast<Suit>(s1)}} |
                            CardSet{Card{static_cast<Rank>(c.low), static_cast<Suit>(s2)}};
            out.push_back({combo, weight});
        }
}

std::string class_name(const hand_class& c) {
    std::string name{rank_chars[static_cast<std::size_t>(c.high)], rank_chars[static_cast<std::size_t>(c.low)]};
    if (c.suitedness) name += c.suitedness;
    return name;
}

void add_class_token(const token& t, double weight, std::vector<weighted_combo>& out) {
    hand_class first;
    std::size_t used = read_class(t.text, t, first);
    std::string_view rest = t.text.substr(used);
    if (rest.empty()) {
        add_class(first, weight, out);
    } else if (rest == "+") {
        if (first.is_pair()) {
            for (int r = first.high; r < rank_count; ++r) add_class({r, r, 0}, weight, out);
        } else {
            for (int low = first.low; low < first.high; ++low)
                add_class({first.high, low, first.suitedness}, weight, out);
        }
    } else if (rest[0] == '-') {
        hand_class last;
        std::string_view second = rest.substr(1);
        if (read_class(second, t, last) != second.size()) fail(t, "expected a hand class such as 65s after '-'");
        if (first.is_pair() != last.is_pair()) fail(t, "a span joins two pairs or two non-pairs");
        if (first.suitedness != last.suitedness)
            fail(t, "both ends of a span must be suited, offsuit or neither alike");
        if (first.is_pair()) {
            for (int r = std::min(first.high, last.high); r <= std::max(first.high, last.high); ++r)
                add_class({r, r, 0}, weight, out);
        } else if (first.high == last.high) {
            for (int low = std::min(first.low, last.low); low <= std::max(first.low, last.low); ++low)
                add_class({first.high, low, first.suitedness}, weight, out);
        } else if (first.high - first.low == last.high - last.low) {
            int gap = first.high - first.low;
            for (int high = std::min(first.high, last.high); high <= std::max(first.high, last.high); ++high)
                add_class({high, high - gap, first.suitedness}, weight, out);
        } else {
            fail(t, "the ends of a span must share their first rank (A9s-A2s) or their gap (T9s-65s), not " +
                        class_name(first) + " and " + class_name(last));
        }
    } else {
        fail(t, "expected '+', '-' and a second class, or nothing after " + class_name(first));
    }
}

CardList parse_explicit(const token& t) {
    try {
        return parse_cards(t.text);
    } catch (const parse_error& e) {
        fail(t, e.what());
    }
}

// A hand pattern for games with more hole cards: each place is a card (`As`),
// a rank in any suit (`A`) or any card (`x`). Empty when the text is no
// pattern (plain cards or something else), so the caller reports it as cards.
std::vector<std::uint64_t> pattern_places(std::string_view text) {
    constexpr std::string_view suit_chars = "cdhs";
    std::vector<std::uint64_t> places;
    bool any_open = false;
    for (std::size_t i = 0; i < text.size();) {
        char c = text[i];
        if (is_space(c)) {
            ++i;
            continue;
        }
        if (c == 'x' || c == 'X' || c == '*') {
            places.push_back(CardSet::standard_bits);
            any_open = true;
            ++i;
            continue;
        }
        int rank = rank_index(c);
        std::size_t used = 1;
        if (c == '1' && i + 1 < text.size() && text[i + 1] == '0') rank = 8, used = 2;
        if (rank < 0) return {};
        std::size_t next = i + used;
        std::size_t suit =
            next < text.size() ? suit_chars.find(static_cast<char>(text[next] | 0x20)) : std::string_view::npos;
        if (suit != std::string_view::npos) {
            places.push_back(1ULL << (16 * suit + static_cast<std::size_t>(rank)));
            i = next + 1;
        } else {
            places.push_back(0x0001'0001'0001'0001ULL << rank);
            any_open = true;
            i = next;
        }
    }
    return any_open ? places : std::vector<std::uint64_t>{};
}

// Places that allow the same cards, and how many of them there are.
struct place_group {
    std::uint64_t cards;
    int count;
};

// An upper bound on the hands a pattern names: the product over groups of
// "count cards out of those allowed" (overlapping groups only repeat hands).
double pattern_hand_bound(const std::vector<place_group>& groups) {
    double bound = 1;
    for (const place_group& g : groups) {
        const int n = std::popcount(g.cards);
        for (int i = 0; i < g.count; ++i) bound = bound * (n - i) / (i + 1);
    }
    return bound;
}

// Every set of distinct cards, one from each place. Places that allow the same
// cards take them in increasing order, so `xxxx` visits each hand once rather
// than once per ordering; the size is checked before anything is walked.
std::vector<CardSet> expand_pattern(const token& t, std::vector<std::uint64_t> places) {
    std::sort(places.begin(), places.end());
    std::vector<place_group> groups;
    for (std::uint64_t p : places) {
        if (!groups.empty() && groups.back().cards == p)
            ++groups.back().count;
        else
            groups.push_back({p, 1});
    }
    if (pattern_hand_bound(groups) > static_cast<double>(max_range_hands))
        fail(t, "the pattern names more than " + std::to_string(max_range_hands) +
                    " hands; give more of the cards");
    std::vector<CardSet> hands;
    std::unordered_set<std::uint64_t> seen;
    // Group g takes `left` more cards, each above `above` (a one-bit mask, or 0).
    auto visit = [&](auto&& self, std::size_t g, int left, std::uint64_t above, std::uint64_t chosen) -> void {
        if (g == groups.size()) {
            if (seen.insert(chosen).second) hands.push_back(CardSet{chosen});
            return;
        }
        if (left == 0) {
            self(self, g + 1, g + 1 < groups.size() ? groups[g + 1].count : 0, 0, chosen);
            return;
        }
        const std::uint64_t higher = above ? ~((above << 1) - 1) : ~std::uint64_t{0};
        const std::uint64_t allowed = groups[g].cards & ~chosen & higher;
        for (std::uint64_t rest = allowed; rest; rest &= rest - 1) {
            const std::uint64_t card = rest & -rest;
            self(self, g, left - 1, card, chosen | card);
        }
    };
    visit(visit, 0, groups.front().count, 0, 0);
    return hands;
}

bool is_random_word(std::string_view text) {
    if (text.size() != 6) return false;
    for (std::size_t i = 0; i < 6; ++i)
        if ((text[i] | 0x20) != "random"[i]) return false;
    return true;
}

// Refuses a list that has named more hands than a range may hold, repeats
// counted, so that no text makes parsing take long.
void check_total(const token& t, const std::vector<weighted_combo>& combos) {
    if (combos.size() > max_range_hands)
        fail(t, "the range names more than " + std::to_string(max_range_hands) + " hands in all, repeats counted");
}

// Keeps the first occurrence of each hand.
std::vector<weighted_combo> without_repeats(std::vector<weighted_combo> combos) {
    std::unordered_set<std::uint64_t> seen;
    std::erase_if(combos, [&](const weighted_combo& c) { return !seen.insert(c.cards.bits()).second; });
    return combos;
}

}  // namespace

double hand_range::total_weight() const {
    double total = 0;
    for (const weighted_combo& c : combos_) total += c.weight;
    return total;
}

hand_range hand_range::without(CardSet dead) const {
    std::vector<weighted_combo> kept;
    kept.reserve(combos_.size());
    for (const weighted_combo& c : combos_)
        if (!c.cards.intersects(dead)) kept.push_back(c);
    return hand_range{std::move(kept), random_};
}

hand_range parse_range(std::string_view text) {
    std::vector<token> tokens = split_tokens(text);
    std::vector<weighted_combo> combos;
    for (const token& whole : tokens) {
        auto [t, weight] = split_weight(whole);
        if (is_random_word(t.text)) {
            for (int a = 0; a < 64; ++a)
                for (int b = a + 1; b < 64; ++b)
                    if ((CardSet::standard_bits >> a & 1) && (CardSet::standard_bits >> b & 1))
                        combos.push_back({CardSet{(1ULL << a) | (1ULL << b)}, weight});
        } else if (t.text.size() >= 2 && rank_index(t.text[0]) >= 0 && rank_index(t.text[1]) >= 0) {
            add_class_token(t, weight, combos);
        } else {
            CardList cards = parse_explicit(t);
            if (cards.size() != 2) fail(t, "a hold'em hand holds 2 cards, not " + std::to_string(cards.size()));
            if (cards[0].is_joker() || cards[1].is_joker()) fail(t, "a range holds no jokers");
            combos.push_back({CardSet{cards[0]} | cards[1], weight});
        }
        check_total(t, combos);
    }
    bool random = tokens.size() == 1 && is_random_word(split_weight(tokens[0]).first.text);
    return hand_range{without_repeats(std::move(combos)), random};
}

hand_range parse_hand_list(std::string_view text, int cards) {
    std::vector<token> tokens = split_tokens(text);
    std::vector<weighted_combo> combos;
    bool random = false;
    for (const token& whole : tokens) {
        auto [t, weight] = split_weight(whole);
        if (is_random_word(t.text)) {
            if (tokens.size() != 1) fail(t, "'random' stands alone, not in a list of hands");
            random = true;
            combos.push_back({CardSet{}, 1.0});
            continue;
        }
        std::vector<CardSet> hands;
        if (std::vector<std::uint64_t> places = pattern_places(t.text); !places.empty()) {
            if (static_cast<int>(places.size()) > cards)
                fail(t, "a hand of this game holds at most " + std::to_string(cards) + " cards, not " +
                            std::to_string(places.size()));
            hands = expand_pattern(t, places);
            if (hands.empty()) fail(t, "the pattern names no hand (a rank more than four times?)");
        } else {
            CardList list = parse_explicit(t);
            if (static_cast<int>(list.size()) > cards)
                fail(t, "a hand of this game holds at most " + std::to_string(cards) + " cards, not " +
                            std::to_string(list.size()));
            CardSet set;
            for (Card c : list) {
                if (c.is_joker()) fail(t, "a range holds no jokers");
                set |= c;
            }
            hands.push_back(set);
        }
        if (!combos.empty() && combos.front().cards.size() != hands.front().size())
            fail(t, "every hand of a list must hold the same number of cards (" +
                        std::to_string(combos.front().cards.size()) + " before, " +
                        std::to_string(hands.front().size()) + " here)");
        for (CardSet hand : hands) combos.push_back({hand, weight});
        check_total(t, combos);
    }
    return hand_range{without_repeats(std::move(combos)), random};
}

std::string starting_hand_class(int row, int column) {
    int a = 12 - row, b = 12 - column;
    std::string name{rank_chars[static_cast<std::size_t>(std::max(a, b))],
                     rank_chars[static_cast<std::size_t>(std::min(a, b))]};
    if (row < column) name += 's';
    if (row > column) name += 'o';
    return name;
}

}  // namespace pokerengine
