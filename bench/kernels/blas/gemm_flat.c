/* gemm_flat through OpenBLAS: C += A*B (see ../gemm_flat.c). */
#include "gemm_main.h"

int main(int argc, char **argv) { return gemm_main(argc, argv, 750, 54, 1.0, 1.0); }
