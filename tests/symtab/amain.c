/* Driver for aliases.s. */
void callall(void);

int main(void)
{
	callall();
	return 0;
}
