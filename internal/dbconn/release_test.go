package dbconn

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseRelease(t *testing.T) {
	r, err := ParseRelease(" 23.26.0.0.0 ")
	require.NoError(t, err)
	assert.Equal(t, Release{23, 26, 0, 0, 0}, r)
	assert.Equal(t, "23.26.0.0.0", r.String())

	for _, bad := range []string{"", "23.x", "23..4", "-1.2", "23ai"} {
		_, err := ParseRelease(bad)
		assert.Error(t, err, bad)
	}
}

func TestReleaseAtLeast(t *testing.T) {
	cases := []struct {
		have string
		min  Release
		want bool
	}{
		{"23.4.0.24.05", MinRelease, true},
		{"23.3.0.23.09", MinRelease, false},
		{"19.24.0.0.0", MinRelease, false},
		{"23.10.0.25.10", MinHybrid, true}, // 10 > 6 as numbers, "10" < "6" as strings
		{"23.5.0.24.07", MinHybrid, false},
		{"23.26.1.0.0", MinDeepSec, false},
		{"23.26.2.0.0", MinDeepSec, true},
		{"23.9.0.25.07", MinDeepSec, false},
		{"23", MinRelease, false},
		{"23.4", MinCompatibleVector, true}, // missing parts count as 0
		{"23.0.0", MinCompatibleVector, false},
		{"26.1", MinDeepSec, true},
	}
	for _, c := range cases {
		r, err := ParseRelease(c.have)
		require.NoError(t, err)
		assert.Equal(t, c.want, r.AtLeast(c.min), "%s >= %s", c.have, c.min)
	}
}
