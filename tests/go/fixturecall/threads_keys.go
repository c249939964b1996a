package fixturecall

// Decoding of a thread fixture request key by key (reqKeys), and the
// canonical form of thread requests (canonicalThread).

import (
	"encoding/base64"
	"encoding/json"
	"time"

	agentmemory "github.com/agentmem/agentmem/goclient"
)

// nullIsAbsent are the keys whose null the contract reads as their
// omission: the Go value leaves them out, so Canonical drops their null.
var nullIsAbsent = map[string][]string{
	"thread_get_summary":  {"except_last", "token_budget"},
	"thread_get_messages": {"start"},
	"thread_add_image":    {"description"},
}

// falseIsAbsent are the boolean keys whose false is their default.
var falseIsAbsent = []string{"autonomous_linking", "include_image_bytes", "include_bytes"}

// reqKeys reads a request's keys one by one; done reports a key no Go field
// reads.
type reqKeys struct {
	op   string
	keys map[string]json.RawMessage
	seen map[string]bool
}

func newReqKeys(op string, request []byte) (*reqKeys, error) {
	f := &reqKeys{op: op, seen: map[string]bool{}}
	if err := json.Unmarshal(request, &f.keys); err != nil {
		return nil, err
	}
	return f, nil
}

func (f *reqKeys) get(key string) (json.RawMessage, bool) {
	f.seen[key] = true
	v, ok := f.keys[key]
	return v, ok
}

func (f *reqKeys) nullOK(key string) bool {
	for _, k := range nullIsAbsent[f.op] {
		if k == key {
			return true
		}
	}
	return false
}

func (f *reqKeys) done() error {
	for k := range f.keys {
		if !f.seen[k] {
			return unexpressible("key %q has no Go field", k)
		}
	}
	return nil
}

// str reads a string key: absent is "", unless required (a Go value always
// sends it); null is unexpressible; "" is unexpressible when it would be
// left out.
func (f *reqKeys) str(key string, required bool) (string, error) {
	v, ok := f.get(key)
	if !ok {
		if required {
			return "", unexpressible("%s omitted (Go always sends it)", key)
		}
		return "", nil
	}
	if string(v) == "null" && f.nullOK(key) {
		return "", nil
	}
	return text(key, v, false, required)
}

func (f *reqKeys) optStr(key string) (agentmemory.Optional[string], error) {
	v, ok := f.get(key)
	if !ok {
		return agentmemory.Omit[string](), nil
	}
	if string(v) == "null" {
		return agentmemory.None[string](), nil
	}
	s, err := text(key, v, false, true)
	return agentmemory.Some(s), err
}

func (f *reqKeys) obj(key string) (map[string]any, error) {
	v, ok := f.get(key)
	if ok && string(v) == "null" {
		return nil, unexpressible("%s null (a nil map is left out)", key)
	}
	if ok && kindOf(v) == '{' && string(v) != "{}" {
		return object(key, v)
	}
	if ok {
		return nil, unexpressible("%s %s is not a non-empty object", key, v)
	}
	return nil, nil
}

func (f *reqKeys) optObj(key string) (agentmemory.Optional[map[string]any], error) {
	v, ok := f.get(key)
	if !ok {
		return agentmemory.Omit[map[string]any](), nil
	}
	if string(v) == "null" {
		return agentmemory.None[map[string]any](), nil
	}
	m, err := object(key, v)
	return agentmemory.Some(m), err
}

func (f *reqKeys) integer(key string) (int, error) {
	v, ok := f.get(key)
	if !ok || (string(v) == "null" && f.nullOK(key)) {
		return 0, nil
	}
	var n int
	if err := json.Unmarshal(v, &n); err != nil {
		return 0, unexpressible("%s %s is not a whole number", key, v)
	}
	if n == 0 {
		return 0, unexpressible("%s 0 (a zero Go field is left out)", key)
	}
	return n, nil
}

func (f *reqKeys) optInt(key string) (agentmemory.Optional[int], error) {
	v, ok := f.get(key)
	if !ok {
		return agentmemory.Omit[int](), nil
	}
	if string(v) == "null" {
		return agentmemory.None[int](), nil
	}
	var n int
	if err := json.Unmarshal(v, &n); err != nil {
		return agentmemory.Omit[int](), unexpressible("%s %s is not a whole number", key, v)
	}
	return agentmemory.Some(n), nil
}

func (f *reqKeys) boolean(key string) (bool, error) {
	v, ok := f.get(key)
	if !ok {
		return false, nil
	}
	var b bool
	if err := json.Unmarshal(v, &b); err != nil {
		return false, unexpressible("%s %s is not a boolean", key, v)
	}
	return b, nil
}

func (f *reqKeys) time(key string) (time.Time, error) {
	s, err := f.str(key, false)
	if err != nil {
		return time.Time{}, err
	}
	t, err := ParseTimestamp(s)
	if err != nil {
		return time.Time{}, unexpressible("%s: %v", key, err)
	}
	return t, nil
}

func (f *reqKeys) optTime(key string) (agentmemory.Optional[time.Time], error) {
	o, err := f.optStr(key)
	if err != nil {
		return agentmemory.Omit[time.Time](), err
	}
	s, ok := o.Get()
	if !ok {
		if o.IsNone() {
			return agentmemory.None[time.Time](), nil
		}
		return agentmemory.Omit[time.Time](), nil
	}
	t, err := ParseTimestamp(s)
	if err != nil {
		return agentmemory.Omit[time.Time](), unexpressible("%s: %v", key, err)
	}
	return agentmemory.Some(t), nil
}

func (f *reqKeys) bytes(key string, required bool) ([]byte, error) {
	s, err := f.str(key, required)
	if err != nil || s == "" {
		return nil, err
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, unexpressible("%s is not base64: %v", key, err)
	}
	return b, nil
}

func (f *reqKeys) ttl() (agentmemory.Optional[int], agentmemory.TTLAnchor, error) {
	days, err := f.optInt("ttl_days")
	if err != nil {
		return days, "", err
	}
	anchor, err := f.str("ttl_anchor", false)
	return days, agentmemory.TTLAnchor(anchor), err
}

// canonicalThread returns a thread request as decoded, with the nulls of
// nullIsAbsent and the falses of falseIsAbsent dropped (their omission
// means the same) and every timestamp in UTC.
func canonicalThread(op string, request []byte) (any, error) {
	var top map[string]any
	if err := json.Unmarshal(request, &top); err != nil {
		return nil, err
	}
	for _, k := range nullIsAbsent[op] {
		if v, ok := top[k]; ok && v == nil {
			delete(top, k)
		}
	}
	for _, k := range falseIsAbsent {
		if v, ok := top[k]; ok && v == false {
			delete(top, k)
		}
	}
	return top, utcTimestamps(top)
}

// utcTimestamps rewrites every "timestamp" and "link_timestamp" string of v
// (at any depth) in UTC.
func utcTimestamps(v any) error {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && (k == "timestamp" || k == "link_timestamp") {
				t, err := ParseTimestamp(s)
				if err != nil {
					return err
				}
				x[k] = t.UTC().Format(time.RFC3339Nano)
				continue
			}
			if err := utcTimestamps(e); err != nil {
				return err
			}
		}
	case []any:
		for _, e := range x {
			if err := utcTimestamps(e); err != nil {
				return err
			}
		}
	}
	return nil
}

// scopeAndLife reads the keys add_memory and add_image share: the scope ids
// (three states each), metadata, event time and time to live.
func (f *reqKeys) scopeAndLife(user, agent, thread *agentmemory.Optional[string], meta *map[string]any,
	ts *time.Time, ttl *agentmemory.Optional[int], anchor *agentmemory.TTLAnchor) error {
	var err error
	for _, p := range []struct {
		key string
		dst *agentmemory.Optional[string]
	}{{"user_id", user}, {"agent_id", agent}, {"thread_id", thread}} {
		if *p.dst, err = f.optStr(p.key); err != nil {
			return err
		}
	}
	if *meta, err = f.obj("metadata"); err != nil {
		return err
	}
	if *ts, err = f.time("timestamp"); err != nil {
		return err
	}
	*ttl, *anchor, err = f.ttl()
	return err
}
