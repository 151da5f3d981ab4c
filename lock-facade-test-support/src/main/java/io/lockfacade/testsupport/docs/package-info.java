/**
 * The docs snippet check: every {@code java}, {@code properties} and {@code yaml} block of the Markdown
 * documentation names, on the line before it, the tagged region of a compiled source or resource file it shows, and
 * must equal that region, so the documentation cannot drift from code the build compiles and tests.
 */
package io.lockfacade.testsupport.docs;
