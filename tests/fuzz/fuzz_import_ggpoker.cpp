// GGPoker hand histories: the reader on any text, then the check of every
// hand it reads (room_reader_support.hpp says what must hold).

#include "stream_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::require_room_reads("ggpoker", data, size);
    return 0;
}
