#include "cmemory.h"
