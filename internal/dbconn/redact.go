package dbconn

import (
	"regexp"
	"strings"
)

// mask replaces every secret in messages.
const mask = "***"

// logfmtSecret matches a secret-bearing logfmt key and its value, quoted
// (with backslash escapes) or bare.
var logfmtSecret = regexp.MustCompile(`(?i)(^|\s)(password|newPassword|token|privateKey)=("(?:[^"\\]|\\.)*"|\S*)`)

// urlUserinfo matches scheme://user:password@ up to the last '@' before the
// path, so a password holding '@' is still covered.
var urlUserinfo = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*://[^:/@]*):([^/]*)@`)

// Redact returns dsn with every password, new password, token and private
// key replaced by ***. It works on malformed input too, because the DSN
// that failed to parse is exactly the one that ends up in an error message.
// Use it for every message that shows a DSN.
func Redact(dsn string) string {
	switch dsnForm(dsn) {
	case formLogfmt:
		return logfmtSecret.ReplaceAllString(dsn, "${1}${2}="+mask)
	case formURL:
		return urlUserinfo.ReplaceAllString(dsn, "${1}:"+mask+"@")
	default:
		user, pw, rest, ok := splitEasyConnect(dsn)
		if !ok || pw == "" {
			return dsn
		}
		return user + "/" + mask + rest
	}
}

type form int

const (
	formEasyConnect form = iota
	formLogfmt
	formURL
)

// dsnForm decides the form the way normalize does.
func dsnForm(dsn string) form {
	s := strings.TrimSpace(dsn)
	switch {
	case urlScheme.MatchString(s):
		return formURL
	case strings.ContainsRune(s, '\n') || logfmtStart.MatchString(s) ||
		strings.Contains(strings.ToLower(s), "connectstring="):
		return formLogfmt
	default:
		return formEasyConnect
	}
}

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
