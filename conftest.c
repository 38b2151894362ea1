/* confdefs.h */
#define PACKAGE_NAME "tgprof"
#define PACKAGE_TARNAME "tgprof"
#define PACKAGE_VERSION "0.1.0"
#define PACKAGE_STRING "tgprof 0.1.0"
#define PACKAGE_BUGREPORT ""
#define PACKAGE_URL ""
/* end confdefs.h.  */

int
main (void)
{

  ;
  return 0;
}
