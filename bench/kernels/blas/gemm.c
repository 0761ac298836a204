/* gemm through OpenBLAS: C = beta*C + alpha*A*B (see ../gemm.c). */
#include "gemm_main.h"

int main(int argc, char **argv) { return gemm_main(argc, argv, 750, 1, 1.25, 0.75); }
