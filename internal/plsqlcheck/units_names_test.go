package plsqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// loopIndexes finds FOR and FORALL indexes with the ranges they are visible
// in, and nothing for the FOR of SQL (PIVOT ... FOR x IN, FOR UPDATE).
func TestLoopIndexes(t *testing.T) {
	src := `begin
  for i in 1 .. 3 loop
    for r in (select * from t pivot (count(*) for k in ('a' as c_a)) for update) loop
      null;
    end loop;
  end loop;
  forall j in 1 .. 2 delete from t where id = j;
  <<outer>> for l_x in reverse 1 .. 2 loop null; end loop outer;
end;
/
`
	f := NewFile("x.sql", src)
	require.NoError(t, f.LexErr)
	units := splitUnits(f)
	require.Len(t, units, 1)
	var got []string
	for _, l := range loopIndexes(units[0].toks) {
		got = append(got, l.name+" "+l.kind)
	}
	require.Equal(t, []string{"I LOOP INDEX", "R CURSOR RECORD", "J LOOP INDEX", "L_X LOOP INDEX"}, got)
}
