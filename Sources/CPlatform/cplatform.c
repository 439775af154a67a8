#include "cplatform.h"
#include <signal.h>
#include <string.h>

/* Set by the handler, read by the event loop: the only thing a signal handler may safely do is set a flag. */
static volatile sig_atomic_t tessera_stop_signal = 0;

static void tessera_on_stop_signal(int sig) { tessera_stop_signal = sig; }

void tessera_catch_stop_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = tessera_on_stop_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

int tessera_stop_signal_received(void) { return (int)tessera_stop_signal; }
