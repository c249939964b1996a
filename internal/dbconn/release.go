package dbconn

import (
	"fmt"
	"strconv"
	"strings"
)

// Release is an Oracle release number as integers, e.g. 23.26.0.0.0 or the
// COMPATIBLE value 23.4.0. Comparing integers, not strings, matters: 23.10
// is after 23.9, and 23.26.2 (26ai) is after 23.6.
type Release []int

// Feature minima, from the Oracle documentation (see docs/migrations.md and
// ../shared/reference/oracle-reference.md §0).
var (
	// MinRelease is the oldest release agentmem supports: VECTOR and KEYWORD.
	MinRelease = Release{23, 4}
	// MinCompatibleVector is the COMPATIBLE setting the VECTOR type needs.
	MinCompatibleVector = Release{23, 4, 0}
	// MinHybrid is the first release with hybrid vector indexes.
	MinHybrid = Release{23, 6}
	// MinDeepSec is the first release with Deep Data Security (26ai RU 23.26.2).
	MinDeepSec = Release{23, 26, 2}
)

// ParseRelease parses a dotted release number such as "23.26.0.0.0" (from
// PRODUCT_COMPONENT_VERSION.VERSION_FULL) or "23.4.0" (COMPATIBLE).
func ParseRelease(s string) (Release, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return nil, fmt.Errorf("release number is empty")
	}
	parts := strings.Split(t, ".")
	r := make(Release, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("release number %q: part %d (%q) is not a non-negative integer", s, i+1, p)
		}
		r[i] = n
	}
	return r, nil
}

// AtLeast reports whether r >= min, comparing component by component over
// the components of min; missing components of r count as 0, extra ones
// are ignored (23.4.0.24.05 is at least 23.4).
func (r Release) AtLeast(min Release) bool {
	for i, m := range min {
		v := 0
		if i < len(r) {
			v = r[i]
		}
		if v != m {
			return v > m
		}
	}
	return true
}

// String renders r dotted, as Oracle does.
func (r Release) String() string {
	parts := make([]string, len(r))
	for i, n := range r {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ".")
}
