/** The results: rows with targets and verdicts, invariant checks, and their text, JSON and PNG forms. */
package io.lockfacade.bench.report;
