// A room's hand history read and checked: a real PokerStars hand (from the
// MIT-licensed samples of HHSmithy/PokerHandHistoryParser, as in
// tests/import/pokerstars/), read from a stream a round of hands at a time,
// replayed by the engine and compared with what the room recorded. Built and
// run by the test suite (docs).
#include <cstdint>
#include <cstdio>
#include <span>
#include <sstream>
#include <string>

#include "pokerengine/import.hpp"
#include "example_check.hpp"

using namespace pokerengine::play;

constexpr const char* history = R"(PokerStars Game #109701341216:  Hold'em No Limit ($0.50/$1.00 USD) - 2014/01/06 14:35:04 ET
Table 'Alathfar IV 100-250 bb, Ante' 6-max Seat #6 is the button
Seat 3: HETnpyxuu ($256.92 in chips) 
Seat 6: JohnyB@nanas ($556.66 in chips) 
JohnyB@nanas: posts small blind $0.50
HETnpyxuu: posts big blind $1
HETnpyxuu: posts the ante $0.20
JohnyB@nanas: posts the ante $0.20
*** HOLE CARDS ***
JohnyB@nanas: raises $1 to $2
HETnpyxuu: raises $8 to $10
JohnyB@nanas: calls $8
*** FLOP *** [9d Js Jc]
HETnpyxuu: bets $13.50
JohnyB@nanas: calls $13.50
*** TURN *** [9d Js Jc] [Td]
HETnpyxuu: checks 
JohnyB@nanas: checks 
*** RIVER *** [9d Js Jc Td] [Qh]
HETnpyxuu: checks 
JohnyB@nanas: checks 
*** SHOW DOWN ***
HETnpyxuu: shows [8d 8h] (a straight, Eight to Queen)
JohnyB@nanas: mucks hand 
HETnpyxuu collected $46.90 from pot
*** SUMMARY ***
Total pot $47.40 | Rake $0.50 
Board [9d Js Jc Td Qh]
Seat 3: HETnpyxuu (big blind) showed [8d 8h] and won ($46.90) with a straight, Eight to Queen
Seat 6: JohnyB@nanas (button) (small blind) mucked
)";

int main() {
    std::istringstream in{history};  // a std::ifstream of a file of any size reads the same way
    history_stream stream{in};
    const history_reader* reader = detect_reader(stream.head());
    check(reader && reader->room() == "pokerstars", "the room is told by the first lines");
    if (!reader) return 1;

    history_hands hands{stream, *reader, "example.txt", 2};
    int read = 0;
    for (auto round = hands.next(); !round.empty(); round = hands.next())
        for (const imported_hand& hand : round) {
            const import_check verdict = check(hand);
            std::printf("hand %zu (#%s): %s", hand.hand.index, hand.id.c_str(), std::string(to_string(verdict.status)).c_str());
            for (std::size_t s = 0; s < hand.players.size(); ++s)
                std::printf(", %s %s", hand.players[s].c_str(), money_text(verdict.results[s], hand.hand.decimals).c_str());
            std::printf(" (rake %s)\n", money_text(hand.rake, hand.hand.decimals).c_str());
            ++read;
            // The big blind wins 47.40 less the 0.50 rake, having put in 23.70: 46.90 - 23.70 = 23.20.
            check(verdict.status == import_status::ok, "the room's record adds up");
            check(hand.players[0] == "HETnpyxuu" && verdict.results[0] == 2320 && verdict.results[1] == -2370,
                  "the big blind wins 23.20, the button loses 23.70, in cents");
        }
    check(read == 1 && hands.bytes_done() == std::string(history).size(), "one hand, the whole text");

    // The same hands in blocks on a block driver (here two threads; under MPI, the
    // ranks of the job): each block's verdicts written into its words where it ran,
    // read back in file order.
    std::istringstream again{history};
    history_stream blocks{again};
    pokerengine::thread_blocks driver{2};
    std::uint64_t ok = 0, seen = 0;
    for_each_hand_block(
        blocks, *reader, "example.txt", driver,
        [](std::span<const imported_hand> block, pokerengine::block_writer& out) {
            out.word(block.size());
            for (const imported_hand& hand : block) out.word(check(hand).status == import_status::ok ? 1 : 0);
        },
        [&](pokerengine::block_reader& words, std::uint64_t) {
            for (std::uint64_t n = words.word(); n > 0; --n, ++seen) ok += words.word();
        });
    check(seen == 1 && ok == 1, "the blocks give the same verdict");
    return failures == 0 ? 0 : 1;
}
