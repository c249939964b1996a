package plsql

import "strings"

// sqlplusCommands maps each SQL*Plus (and common SQLcl) command to the shortest abbreviation SQL*Plus
// accepts; any prefix of the full name at least that long names the command. None of these words
// starts a SQL statement, except SET (see sqlSet).
var sqlplusCommands = map[string]int{
	"ACCEPT": 3, "APPEND": 1, "ARCHIVE": 7, "ARGUMENT": 3, "ATTRIBUTE": 4, "BREAK": 3, "BTITLE": 3,
	"CHANGE": 1, "CLEAR": 2, "COLUMN": 3, "COMPUTE": 4, "CONNECT": 4, "COPY": 4, "DEFINE": 3, "DEL": 3,
	"DESCRIBE": 4, "DISCONNECT": 4, "EDIT": 2, "EXECUTE": 4, "EXIT": 4, "GET": 3, "HELP": 4, "HISTORY": 4,
	"HOST": 2, "INPUT": 1, "LIST": 1, "PASSWORD": 5, "PAUSE": 3, "PRINT": 5, "PROMPT": 3, "QUIT": 4,
	"RECOVER": 7, "REMARK": 3, "REPFOOTER": 4, "REPHEADER": 4, "RUN": 1, "SAVE": 3, "SET": 3, "SHOW": 3,
	"SHUTDOWN": 8, "SPOOL": 3, "START": 3, "STARTUP": 7, "STORE": 5, "TIMING": 4, "TTITLE": 3,
	"UNDEFINE": 5, "VARIABLE": 3, "WHENEVER": 8, "XQUERY": 6,
}

// sqlSet lists the words after SET that make it the SQL statement rather than the SQL*Plus command.
var sqlSet = setOf("TRANSACTION", "ROLE", "CONSTRAINT", "CONSTRAINTS")

// sqlplusCommand returns the SQL*Plus command the unit at c starts with (upper case), or "".
func sqlplusCommand(c *cursor) string {
	t := c.tok()
	switch {
	case t.Is("@") && c.peek(1).Is("@") && c.peek(1).Offset == t.Offset+1:
		return "@@"
	case t.Is("@"), t.Is("!"):
		return t.Text
	case t.Kind != Ident:
		return ""
	}
	w := t.Upper()
	for name, min := range sqlplusCommands {
		if len(w) >= min && strings.HasPrefix(name, w) {
			if name == "SET" && sqlSet[c.peek(1).Upper()] {
				return ""
			}
			return w
		}
	}
	return ""
}
