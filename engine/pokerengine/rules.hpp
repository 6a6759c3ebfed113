#pragma once
// Rules chosen at run time by name, for servers that read them from
// configuration: one dispatch to a compile-time evaluator, then no per-card cost.

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "pokerengine/badugi.hpp"
#include "pokerengine/evaluator.hpp"
#include "pokerengine/registry.hpp"

namespace pokerengine {

/// Thrown for a rule name that does not exist; the message lists the valid ones.
class rules_error : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// Wild cards chosen at run time: which cards are wild and how they play.
struct wild_options {
    CardSet cards;                  // the wild cards (jokers, ranks, single cards)
    bool bug = false;               // the jokers are bugs: aces, or completing straights and flushes
    bool double_ace_flush = false;  // a wild card may duplicate the ace of its flush
    bool paytable = false;          // the video-poker pay-table order (deuces wild, or joker poker for jokers)
    bool any() const { return !cards.empty() || bug || double_ace_flush || paytable; }
};

/// Parses a wild-card list: a comma list of ranks (`2`, `10`, `J`), single
/// cards (`Js,Jh`) and the word `jokers`, e.g. `"2,jokers"`. Throws
/// `parse_error` quoting the bad item.
CardSet parse_wild_cards(std::string_view spec);

/// A ranking chosen by name, with optional wild cards. `visit` calls a
/// function with the matching compile-time evaluator, so a server dispatches
/// once per batch of work:
///
///     rules r = rules::parse("deuce-to-seven");
///     hand_value v = r.visit([&](const auto& ev) { return ev.evaluate(cards); });
///     std::string words = r.describe(v);
class rules {
public:
    /// The names `parse` accepts, in the order they are listed to users: the
    /// registered rankings' (registry.hpp), then badugi.
    static constexpr auto names = [] {
        std::array<std::string_view, detail::ranking_names.size() + 1> all{};
        std::ranges::copy(detail::ranking_names, all.begin());
        all.back() = "badugi";
        return all;
    }();

    /// The rules of a name in `names`, with wild cards if `wild.any()`;
    /// throws `rules_error` for any other name, and for wild cards the
    /// ranking has no rule for (the message says which are available).
    static rules parse(std::string_view name, const wild_options& wild = {});

    /// High poker.
    rules() = default;

    std::string_view name() const { return name_; }
    const wild_options& wild_settings() const { return wild_; }

    /// Calls `f(const E&)` with the evaluator `E` of these rules: `evaluator<R>`,
    /// `badugi_evaluator`, or with wild cards `evaluator<R, W>`.
    template <class F>
    decltype(auto) visit(F&& f) const {
        return std::visit(std::forward<F>(f), evaluator_);
    }

    hand_value evaluate(CardSet cards) const {
        return visit([&](const auto& ev) { return ev.evaluate(cards); });
    }
    hand_value evaluate(std::string_view text) const {
        return visit([&](const auto& ev) { return ev.evaluate(text); });
    }
    std::string describe(hand_value v) const {
        return visit([&](const auto& ev) { return ev.describe(v); });
    }
    /// The category of a hand value. Badugi hands have none: throws
    /// `std::out_of_range` (use `category_label`).
    hand_category category(hand_value v) const {
        return visit([&](const auto& ev) -> hand_category {
            if constexpr (requires { ev.category(v); })
                return ev.category(v);
            else
                throw std::out_of_range("badugi hands have no hand category; use category_label");
        });
    }
    /// The kind of hand in words: "Full house", "No low", "Badugi".
    std::string category_label(hand_value v) const {
        return visit([&](const auto& ev) { return ev.category_label(v); });
    }
    CardList best_five(CardSet cards) const {
        return visit([&](const auto& ev) { return ev.best_five(cards); });
    }
    /// Whether a value of 0 means "no qualifying low" (eight-or-better).
    bool has_qualifier() const {
        return visit([](const auto& ev) {
            using E = std::decay_t<decltype(ev)>;
            if constexpr (requires { E::ranking::spec; })
                return E::ranking::spec.qualifier_highest >= 0;
            else
                return false;
        });
    }

private:
    // The natural evaluators first (high, the default, leads the registry),
    // badugi, then each wild-card rule as it is played.
    template <class Pair>
    using evaluator_of = boost::mp11::mp_apply<evaluator, Pair>;
    using any_evaluator = boost::mp11::mp_rename<
        boost::mp11::mp_insert_c<boost::mp11::mp_transform<evaluator_of, detail::played_pairs>,
                                 boost::mp11::mp_size<registered_rankings>::value, badugi_evaluator>,
        std::variant>;
    static_assert(std::is_same_v<std::variant_alternative_t<0, any_evaluator>, evaluator<high>>,
                  "a default-constructed rules is high");

    template <class Wild>
    static rules with_wild(std::string_view known, CardSet cards, const wild_options& settings);

    rules(any_evaluator ev, std::string_view name, const wild_options& wild)
        : evaluator_(ev), name_(name), wild_(wild) {}
    any_evaluator evaluator_;
    std::string_view name_ = names[0];
    wild_options wild_;
};

}  // namespace pokerengine
