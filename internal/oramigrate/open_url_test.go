package oramigrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A malformed golang-migrate URL is reported without the URL and without
// url.Parse's cause, which quotes part of it: here "pa" of the password
// pa/ss, read as a port.
func TestOpenMalformedURLShowsNoPassword(t *testing.T) {
	_, err := (&Driver{}).Open("oracle://app:pa/ss@h:1521/X")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the database URL is malformed")
	assert.NotContains(t, err.Error(), "pa/ss")
	assert.NotContains(t, err.Error(), `"`+":pa")
	assert.NotContains(t, err.Error(), "app:")
}
