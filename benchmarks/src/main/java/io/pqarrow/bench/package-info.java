/**
 * <b>Not API:</b> JMH benchmarks of the bridge (Parquet reads, whole-file reads against
 * parquet-java's record reader, Variant reads, variant_get, shredding). Run through the {@code
 * benchmarks} module (see its README); the classes may change in any release.
 */
package io.pqarrow.bench;
