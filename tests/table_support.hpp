#pragma once
// What the table tests share: the shapes of their expectations and the table they start from.
#include <vector>

#include "pokerengine/table.hpp"

namespace table_support {

using amounts = std::vector<pokerengine::chips>;
using seat_list = std::vector<int>;

// A no-limit hold'em table of `seats` seats with the standard stakes.
inline pokerengine::play::table_config holdem(int seats) {
    return pokerengine::play::table_config::standard("holdem", pokerengine::betting_structure::no_limit, seats);
}

}  // namespace table_support
