/* confdefs.h */
#define PACKAGE_NAME "tgprof"
#define PACKAGE_TARNAME "tgprof"
#define PACKAGE_VERSION "0.1.0"
#define PACKAGE_STRING "tgprof 0.1.0"
#define PACKAGE_BUGREPORT ""
#define PACKAGE_URL ""
#define HAVE_STDIO_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_STDINT_H 1
#define HAVE_STRINGS_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UNISTD_H 1
#define STDC_HEADERS 1
#define HAVE_LIBIBERTY_DEMANGLE_H 1
