#include "pokerengine/rules.hpp"

#include <utility>

namespace pokerengine {

rules rules::parse(std::string_view name) {
    any_evaluator ev;
    bool found = false;
    // The variant's alternative with the same position as the name.
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((names[I] == name ? (ev.emplace<I>(), found = true) : false), ...);
    }(std::make_index_sequence<names.size()>{});
    if (!found) {
        std::string valid;
        for (std::string_view n : names) valid += (valid.empty() ? "" : ", ") + std::string(n);
        throw rules_error("unknown rules \"" + std::string(name) + "\"; valid rules are " + valid);
    }
    return rules{ev};
}

}  // namespace pokerengine
