package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
)

// importProgress reports imported lines: a bar with rate and ETA on a
// terminal, plain lines (one per batch) otherwise, e.g. in CI logs.
type importProgress interface {
	add(n int)
	finish()
}

// newImportProgress picks the bar when w is a terminal.
func newImportProgress(w io.Writer, total int64) importProgress {
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			return barProgress{progressbar.NewOptions64(total, progressbar.OptionSetWriter(w),
				progressbar.OptionSetDescription("import"), progressbar.OptionShowCount(), progressbar.OptionShowIts(),
				progressbar.OptionSetItsString("lines"), progressbar.OptionSetPredictTime(true),
				progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionOnCompletion(func() { fmt.Fprintln(w) }))}
		}
	}
	return &lineProgress{w: w, total: total, start: time.Now(), now: time.Now}
}

type barProgress struct{ bar *progressbar.ProgressBar }

func (b barProgress) add(n int) { _ = b.bar.Add(n) } // writing to the terminal: nothing to do on failure
func (b barProgress) finish()   { _ = b.bar.Finish() }

// lineProgress prints "import: done/total lines (pct), rate lines/s, eta d".
type lineProgress struct {
	w     io.Writer
	total int64
	done  int64
	start time.Time
	now   func() time.Time
}

func (p *lineProgress) add(n int) {
	p.done += int64(n)
	elapsed := p.now().Sub(p.start).Seconds()
	line := fmt.Sprintf("import: %d/%d lines", p.done, p.total)
	if p.total > 0 {
		line += fmt.Sprintf(" (%d%%)", p.done*100/p.total)
	}
	if elapsed > 0 {
		rate := float64(p.done) / elapsed
		line += fmt.Sprintf(", %.0f lines/s", rate)
		if rate > 0 && p.done < p.total {
			eta := time.Duration(float64(p.total-p.done) / rate * float64(time.Second)).Round(time.Second)
			line += fmt.Sprintf(", eta %s", eta)
		}
	}
	fmt.Fprintln(p.w, line)
}

func (p *lineProgress) finish() {}
