/* gemm_ikj through OpenBLAS: C += A*B (see ../gemm_ikj.c). */
#include "gemm_main.h"

int main(int argc, char **argv) { return gemm_main(argc, argv, 1000, 21, 1.0, 1.0); }
