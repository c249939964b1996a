package dbconn

import (
	"regexp"
	"strings"
)

// The secrets of a DSN, found even when it does not parse, so that scrub
// can remove them from any message.

// mask replaces every secret in messages.
const mask = "***"

// logfmtSecret matches a secret-bearing logfmt key and its value, quoted
// (with backslash escapes) or bare.
var logfmtSecret = regexp.MustCompile(`(?i)(^|\s)(password|newPassword|token|privateKey)=("(?:[^"\\]|\\.)*"|\S*)`)

// urlUserinfo matches scheme://user:password@ up to the last '@', so a
// password holding '@' or '/' (which makes the URL malformed) is covered.
var urlUserinfo = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*://[^:/@]*):(.*)@`)

// splitEasyConnect splits "user/password@rest" like godror does: at the
// first '@' and then the first '/' not escaped by a backslash. rest keeps
// its leading '@' (or is empty for "user/password" alone).
func splitEasyConnect(dsn string) (user, password, rest string, ok bool) {
	at := unescapedIndex(dsn, '@')
	head := dsn
	if at >= 0 {
		head, rest = dsn[:at], dsn[at:]
	}
	slash := unescapedIndex(head, '/')
	if slash < 0 {
		return "", "", "", false
	}
	if at < 0 && strings.ContainsRune(head[:slash], ':') {
		// "host:port/service" alone: an address without credentials (a
		// user name cannot hold ':'), not user "host:port" with a password.
		return "", "", "", false
	}
	return head[:slash], head[slash+1:], rest, true
}

func unescapedIndex(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c && (i == 0 || s[i-1] != '\\') {
			return i
		}
	}
	return -1
}
