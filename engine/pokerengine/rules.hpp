#pragma once
// Rules chosen at run time by name, for servers that read them from
// configuration: one dispatch to a compile-time evaluator, then no per-card cost.

#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

#include "pokerengine/evaluator.hpp"

namespace pokerengine {

/// Thrown for a rule name that does not exist; the message lists the valid ones.
class rules_error : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// A ranking chosen by name. `visit` calls a function with the matching
/// compile-time evaluator, so a server dispatches once per batch of work:
///
///     rules r = rules::parse("deuce-to-seven");
///     hand_value v = r.visit([&](const auto& ev) { return ev.evaluate(cards); });
///     std::string words = r.describe(v);
class rules {
public:
    /// The names `parse` accepts, in the order they are listed to users.
    static constexpr std::array<std::string_view, 7> names{
        "high", "ace-to-five", "ace-to-six", "deuce-to-seven", "eight-or-better", "short-deck", "short-deck-wsop"};

    /// The rules of a name in `names`; throws `rules_error` for any other.
    static rules parse(std::string_view name);

    /// High poker.
    rules() = default;

    std::string_view name() const { return names[evaluator_.index()]; }

    /// Calls `f(const evaluator<R>&)` with the evaluator of these rules.
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
    hand_category category(hand_value v) const {
        return visit([&](const auto& ev) { return ev.category(v); });
    }
    CardList best_five(CardSet cards) const {
        return visit([&](const auto& ev) { return ev.best_five(cards); });
    }
    /// Whether a value of 0 means "no qualifying low" (eight-or-better).
    bool has_qualifier() const {
        return visit([](const auto& ev) { return std::decay_t<decltype(ev)>::ranking::spec.qualifier_highest >= 0; });
    }

private:
    // In the order of `names`.
    using any_evaluator =
        std::variant<evaluator<high>, evaluator<ace_to_five_low>, evaluator<ace_to_six_low>,
                     evaluator<deuce_to_seven_low>, evaluator<eight_or_better_low>, evaluator<short_deck>,
                     evaluator<short_deck_wsop>>;
    static_assert(std::variant_size_v<any_evaluator> == names.size());

    explicit rules(any_evaluator ev) : evaluator_(ev) {}
    any_evaluator evaluator_;
};

}  // namespace pokerengine
