#ifndef TESSERA_CCURL_SHIM_H
#define TESSERA_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic: Swift cannot call them, so each
   argument type gets one typed door here. */
typedef size_t (*tessera_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef int (*tessera_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode tessera_easy_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode tessera_easy_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode tessera_easy_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode tessera_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode tessera_easy_setopt_data_callback(CURL *h, CURLoption o, tessera_data_callback v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode tessera_easy_setopt_xferinfo_callback(CURL *h, tessera_xferinfo_callback v) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, v); }
static inline CURLcode tessera_easy_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode tessera_easy_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode tessera_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLMcode tessera_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
/* CURLMsg.data is a union Swift reads awkwardly. */
static inline CURLcode tessera_msg_result(CURLMsg *m) { return m->data.result; }
#endif
