// RUN: %clang -O3 -fno-discard-value-names -fpass-plugin=%tessera -mllvm -tessera-print-scops -c %s -o /dev/null 2>&1 | FileCheck %s
// SCEV's trip counts are unsigned numbers of the counter's width; the model
// reads them as integers. Both ends of that reading are obligations, here
// checked at run time: the count is not negative (a 16-bit counter from
// -32767 down to 0 has the count c - 1, yet runs 32769 times) and stays
// below 2^(w-1) (an 8-bit counter from 127 up to -128 runs 255 times).
#include <stdint.h>

int16_t c16;
int hits[9];

// CHECK-LABEL: SCoP in 'count_down16'
// CHECK: assumed (checked at run time): {{.*}} { : .pr >= 1 }
void count_down16(void) {
  for (; c16; c16--)
    for (int g = 0; g <= 8; g++)
      hits[g] += 1;
}

// CHECK-LABEL: SCoP in 'count_up8'
// CHECK: assumed (checked at run time): [from, to] -> { : from >= to - 128 and to >= from + 1 }
long count_up8(int8_t from, int8_t to, long *acc) {
  long s = 0;
  for (int8_t i = from; i != to; i++) {
    acc[(uint8_t)i] += i;
    s += 1;
  }
  return s;
}
