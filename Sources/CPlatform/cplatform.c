#include "cplatform.h"
