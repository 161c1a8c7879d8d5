/*
 * A stand-in for Windows' bcryptprimitives.dll under Debian's wine 8.0,
 * which lacks it: the Go runtime loads the DLL from the system directory
 * at start and calls its ProcessPrng for random bytes. This one fills the
 * buffer from advapi32's RtlGenRandom (exported as SystemFunction036),
 * which wine has. Built by .ci/wine-test with mingw-w64; used only there.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x10000000 ? 0x10000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
