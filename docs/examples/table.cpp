// A table across hands (docs/table.md): players join, the button and the
// blinds move, a player sits out and comes back, busted players buy in again,
// and every hand goes to a .phhs stream that replays to the same stacks.
// Built and run by the test suite (docs).
#include <algorithm>
#include <cstdio>
#include <string>

#include "pokerengine/phh.hpp"
#include "pokerengine/table.hpp"
#include "example_check.hpp"

using namespace pokerengine;
using namespace pokerengine::play;

int main() {
    table t{table_config::standard("holdem", betting_structure::no_limit, 6), 42};
    t.join(0, "Ann", 200);
    t.join(3, "Bob", 200);
    t.join(4, "Cy", 200);
    chips bought_in = 600;

    // The first hand: Ann has the button, Bob the small blind, Cy the big blind.
    hand_state first = t.start_hand();
    const hand_plan& plan = *t.current();
    check(plan.button == 0, "the button starts at the first seat that plays");
    check(plan.seats.size() == 3 && plan.seats[0] == 3 && plan.seats[1] == 4 && plan.seats[2] == 0,
          "in the hand, seat 0 is the small blind (Bob), then the big blind (Cy), then the button (Ann)");
    while (!first.is_complete()) first.apply(first.legal().passive());  // everybody checks it down
    std::string stream = t.phhs_entry(first) + "\n";
    t.finish_hand(first);

    // The button moves to Bob; Cy sits out for a hand and comes back.
    t.sit_out(4);
    xoshiro256ss rng{7};
    for (int n = 0; n < 40; ++n) {
        if (n == 1) t.come_back(4, entry::wait_for_big_blind);
        if (!t.can_start_hand()) break;
        hand_state hand = t.start_hand();
        if (n == 0) check(t.current()->button == 3, "the button moved to Bob");
        while (!hand.is_complete()) hand.apply(random_action(hand, rng));
        stream += t.phhs_entry(hand) + "\n";
        t.finish_hand(hand);
        for (int seat : {0, 3, 4})
            if (t.at(seat) && t.at(seat)->stack == 0) {  // a bust buys in again
                t.rebuy(seat, 200);
                bought_in += 200;
            }
        check(t.total_chips() == bought_in, "the chips on the table are what was bought in");
    }

    // Every hand of the stream replays to the stacks the table carried.
    int replayed = 0;
    for (const phh_hand& hand : read_phh(stream, "table.phhs")) {
        const replay_result r = replay(hand);
        check(r.ok && r.state->is_complete(), "hand " + hand.table + " replays");
        check(hand.finishing_stacks && r.state && std::equal(hand.finishing_stacks->begin(),
                                                             hand.finishing_stacks->end(),
                                                             r.state->stacks().begin()),
              "hand " + hand.table + " ends with its recorded stacks");
        ++replayed;
    }
    check(replayed >= 2, "the stream holds the hands played");
    std::printf("table example: %llu hands, %d replayed, %lld chips on the table\n",
                static_cast<unsigned long long>(t.hands_started()), replayed, static_cast<long long>(t.total_chips()));
    if (failures == 0) std::printf("table example: ok\n");
    return failures == 0 ? 0 : 1;
}
