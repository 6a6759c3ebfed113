// PartyPoker hand histories: the reader on any text, then the check of every
// hand it reads. A hand is never thrown out of the reader; an `ok` hand's
// results are the room's, a hand that is not ok says why in one printable line.
// Read again from a stream in small chunks, the text gives the same hands.

#include "stream_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::require_room_reads("partypoker", data, size);
    return 0;
}
