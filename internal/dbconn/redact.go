package dbconn

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// mask replaces every secret in messages.
const mask = "***"

// logfmtSecret matches a secret-bearing logfmt key and its value, quoted
// (with backslash escapes) or bare.
var logfmtSecret = regexp.MustCompile(`(^|\s)(password|newPassword|token|privateKey)=("(?:[^"\\]|\\.)*"|\S*)`)

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

// dsnForm decides the form the way godror's dsn.Parse does.
func dsnForm(dsn string) form {
	s := strings.TrimSpace(dsn)
	switch {
	case strings.Contains(s, "://"):
		return formURL
	case strings.ContainsRune(s, '\n') || strings.Contains(s, "connectString="):
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

// secrets returns the secret values Redact would hide, so error text from a
// parser that quotes its input can be cleaned too.
func secrets(dsn string) []string {
	var out []string
	switch dsnForm(dsn) {
	case formLogfmt:
		for _, m := range logfmtSecret.FindAllStringSubmatch(dsn, -1) {
			v := strings.Trim(m[3], `"`)
			if v != "" {
				out = append(out, v, m[3])
			}
		}
	case formURL:
		if m := urlUserinfo.FindStringSubmatch(dsn); m != nil && m[2] != "" {
			out = append(out, m[2])
		}
	default:
		if _, pw, _, ok := splitEasyConnect(dsn); ok && pw != "" {
			out = append(out, pw)
		}
	}
	return out
}

// sanitize removes the secrets of dsn from msg.
func sanitize(dsn, msg string) string {
	for _, s := range secrets(dsn) {
		msg = strings.ReplaceAll(msg, s, mask)
	}
	return msg
}

// describeParseError words a godror dsn.Parse error without leaking a
// secret. Parse quotes its whole input in some messages (URL and logfmt
// syntax errors); there the innermost cause, which names only the problem
// and its position, is used instead.
func describeParseError(dsn string, err error) string {
	msg := err.Error()
	for _, s := range secrets(dsn) {
		q := strconv.Quote(s)
		if strings.Contains(msg, s) || strings.Contains(msg, q[1:len(q)-1]) {
			inner := err
			for u := errors.Unwrap(inner); u != nil; u = errors.Unwrap(inner) {
				inner = u
			}
			msg = inner.Error()
			break
		}
	}
	return sanitize(dsn, msg)
}
