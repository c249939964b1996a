package dbconn

import (
	"errors"
	"net/url"
	"regexp"
	"strings"

	"github.com/go-logfmt/logfmt"
)

// godrorKeys are the parameter names godror v0.51.0's dsn.Parse reads
// (dsn/dsn.go, func Parse), in godror's spelling. godror matches them
// case-sensitively and silently ignores any other key; agentmem matches them
// case-insensitively (connectstring= and CONNECTSTRING= mean connectString=)
// and rejects unknown keys, so a typo cannot silently drop a setting.
var godrorKeys = []string{
	"connectString", "user", "password", "charset", "token", "privateKey",
	"alterSession", "onInit", "shardingKey", "superShardingKey", "connectionClass",
	"adminRole", "sysdba", "sysoper", "sysasm", "prelim", "enableEvents",
	"noTimezoneCheck", "perSessionTimezone", "initOnNewConnection", "noBreakOnContextCancel",
	"heterogeneousPool", "externalAuth", "noWait", "standaloneConnection", "timezone",
	"poolMinSessions", "poolMaxSessions", "poolMaxSessionsPerShard", "sessionIncrement",
	"poolIncrement", "stmtCacheSize", "poolSessionTimeout", "poolWaitTimeout",
	"poolSessionMaxLifetime", "pingInterval", "newPassword", "configDir", "libDir",
}

// secretKeys hold values that must never be shown.
var secretKeys = map[string]bool{"password": true, "newPassword": true, "token": true, "privateKey": true}

var canonicalKey = func() map[string]string {
	m := make(map[string]string, len(godrorKeys))
	for _, k := range godrorKeys {
		m[strings.ToLower(k)] = k
	}
	return m
}()

// dsnText is a DSN rewritten into the spelling godror's dsn.Parse expects,
// with what agentmem needs to know about it.
type dsnText struct {
	canonical string          // input for godror.ParseDSN
	secrets   []string        // every secret value, to scrub from any message
	given     map[string]bool // parameter names the DSN sets (canonical spelling)
}

// A leading "name=" makes a DSN logfmt; an easy-connect DSN starts with a
// user name followed by '/' or '@', and a URL with "scheme://".
var (
	logfmtStart = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*=`)
	urlScheme   = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*)://`)
)

// normalize decides the form of dsn the way godror does (a URL, logfmt,
// otherwise easy connect), with two extensions: key names and the oracle://
// scheme match case-insensitively, and logfmt is recognised by its first
// key as well as by "connectString=". Every error it returns names the
// problem and never quotes the DSN.
func normalize(dsn string) (dsnText, error) {
	s := strings.TrimSpace(dsn)
	switch {
	case urlScheme.MatchString(s):
		return normalizeURL(s)
	case strings.ContainsRune(s, '\n') || logfmtStart.MatchString(s) ||
		strings.Contains(strings.ToLower(s), "connectstring="):
		return normalizeLogfmt(s)
	default:
		return normalizeEasyConnect(s)
	}
}

func normalizeURL(s string) (dsnText, error) {
	t := dsnText{given: map[string]bool{}}
	if m := urlUserinfo.FindStringSubmatch(s); m != nil && m[2] != "" {
		t.secrets = append(t.secrets, m[2])
		if u, err := url.PathUnescape(m[2]); err == nil {
			t.secrets = append(t.secrets, u)
		}
	}
	scheme := urlScheme.FindStringSubmatch(s)[1]
	if !strings.EqualFold(scheme, "oracle") {
		return t, errors.New("unsupported URL scheme: write oracle://user:password@host:port/service")
	}
	s = "oracle://" + s[len(scheme)+3:]
	u, err := url.Parse(s)
	if err != nil {
		// url.Error quotes the URL and its causes quote parts of it (a
		// port, an escape), any of which may hold the password.
		return t, errors.New("not a valid URL (" + urlProblem(err) +
			"): percent-encode / @ : ? # % in the user name and password")
	}
	if u.User != nil {
		if pw, ok := u.User.Password(); ok && pw != "" {
			t.secrets = append(t.secrets, pw)
		}
	}
	q := url.Values{}
	for k, vv := range u.Query() {
		c, ok := canonicalKey[strings.ToLower(k)]
		if !ok {
			return t, errors.New("the URL has a query parameter that is not a godror DSN parameter " +
				"(parameter names: " + strings.Join(godrorKeys, ", ") + ")")
		}
		t.given[c] = true
		for _, v := range vv {
			q.Add(c, v)
			if secretKeys[c] && v != "" {
				t.secrets = append(t.secrets, v)
			}
		}
	}
	u.RawQuery = q.Encode()
	t.canonical = u.String()
	return t, nil
}

// urlProblem names the kind of a url.Parse failure without its text.
func urlProblem(err error) string {
	var he url.InvalidHostError
	var ee url.EscapeError
	msg := err.Error()
	switch {
	case errors.As(err, &he):
		return "invalid character in the host"
	case errors.As(err, &ee):
		return "invalid %-escape"
	case strings.Contains(msg, "invalid port"):
		return "invalid port after the host"
	case strings.Contains(msg, "invalid control character"):
		return "control character"
	default:
		return "syntax error"
	}
}

func normalizeLogfmt(s string) (dsnText, error) {
	t := dsnText{given: map[string]bool{}}
	type kv struct{ k, v string }
	var pairs []kv
	prev := "the start of the DSN"
	var problem error
	d := logfmt.NewDecoder(strings.NewReader(s))
	for d.ScanRecord() {
		for d.ScanKeyval() {
			c, known := canonicalKey[strings.ToLower(string(d.Key()))]
			if d.Value() == nil {
				// A bare word: the rest of an unquoted value with a
				// space, most often. Its text may be part of a password.
				if problem == nil {
					problem = errors.New("a word without =value follows " + prev +
						`: quote values that contain spaces, e.g. password="a b"`)
				}
				continue
			}
			if secretKeys[c] && len(d.Value()) > 0 {
				t.secrets = append(t.secrets, string(d.Value()))
			}
			if !known {
				if problem == nil {
					problem = errors.New("the parameter after " + prev + " is not a godror DSN parameter " +
						"(parameter names: " + strings.Join(godrorKeys, ", ") + ")")
				}
				continue
			}
			prev = c + "="
			t.given[c] = true
			pairs = append(pairs, kv{c, string(d.Value())})
		}
	}
	if err := d.Err(); err != nil {
		var se *logfmt.SyntaxError
		if errors.As(err, &se) {
			// SyntaxError names the position and the problem, not the text.
			return t, errors.New("logfmt " + se.Error()[len("logfmt "):])
		}
		return t, errors.New("cannot read the logfmt parameters")
	}
	if problem != nil {
		return t, problem
	}
	var b strings.Builder
	enc := logfmt.NewEncoder(&b)
	for _, p := range pairs {
		if err := enc.EncodeKeyval(p.k, p.v); err != nil {
			return t, errors.New("the value of " + p.k + " cannot be encoded as logfmt")
		}
	}
	t.canonical = b.String()
	if !t.given["connectString"] {
		// godror reads a single line as logfmt only when it holds
		// "connectString="; say what is missing instead of letting it
		// fall back to easy connect.
		return t, errors.New("no connectString (the database address, e.g. connectString=host:1521/FREEPDB1)")
	}
	return t, nil
}

func normalizeEasyConnect(s string) (dsnText, error) {
	t := dsnText{canonical: s, given: map[string]bool{}}
	_, pw, _, ok := splitEasyConnect(s)
	if ok && pw != "" {
		t.secrets = append(t.secrets, pw, unescapeEasy(pw))
	}
	// Text that reads as "password=..." anywhere (a logfmt DSN gone wrong
	// that ended up here) is treated as a secret too.
	for _, m := range logfmtSecret.FindAllStringSubmatch(s, -1) {
		t.secrets = append(t.secrets, m[3], strings.Trim(m[3], `"`))
	}
	if unescapedIndex(s, '@') < 0 {
		if !ok { // "host:port/service" or a bare alias: an address without credentials
			return t, errors.New("no user name: write user/password@host:port/service")
		}
		return t, errors.New("no database address: write user/password@host:port/service")
	}
	return t, nil
}

// unescapeEasy undoes godror's backslash quoting of '@' and '/' in an
// easy-connect password.
func unescapeEasy(s string) string { return strings.ReplaceAll(s, `\`, "") }

// scrub removes every secret from msg: the last guard, applied to each
// message this package builds, whatever went into it.
func scrub(msg string, secrets []string) string {
	for _, s := range secrets {
		if s != "" {
			msg = strings.ReplaceAll(msg, s, mask)
		}
	}
	return msg
}

// valueKinds says what godror's dsn.Parse expects of the parameters whose
// values it converts (func Parse: bool, int and duration tasks, timezone).
var valueKinds = map[string]string{}

func init() {
	for kind, keys := range map[string][]string{
		"a boolean (0, 1, true or false)": {"sysdba", "sysoper", "sysasm", "prelim", "enableEvents",
			"noTimezoneCheck", "perSessionTimezone", "initOnNewConnection", "noBreakOnContextCancel",
			"heterogeneousPool", "externalAuth", "noWait", "standaloneConnection"},
		"an integer": {"poolMinSessions", "poolMaxSessions", "poolMaxSessionsPerShard", "sessionIncrement",
			"poolIncrement", "stmtCacheSize"},
		"a duration such as 30s, or a number": {"poolSessionTimeout", "poolWaitTimeout",
			"poolSessionMaxLifetime", "pingInterval"},
		"a time zone: local, UTC, +01:00 or a name such as Europe/Budapest": {"timezone"},
		"logfmt key=value pairs": {"alterSession"},
	} {
		for _, k := range keys {
			valueKinds[k] = kind
		}
	}
}

// describeParseError names the parameter godror's dsn.Parse rejected and
// what it expects, without the value: godror's message quotes the value
// (and, for some errors, the whole parameter string).
func describeParseError(err error) string {
	msg := err.Error()
	for k, kind := range valueKinds {
		if strings.HasPrefix(msg, k+"=") || strings.HasPrefix(msg, k+":") {
			return "the value of " + k + " is not valid: godror expects " + kind
		}
	}
	return "godror rejects a parameter value (booleans are 0/1/true/false, pool sizes integers, " +
		"timeouts durations such as 30s, timezone a zone such as UTC or +01:00)"
}
