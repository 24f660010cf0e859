package io.pqarrow;

/**
 * An Arrow type whose values hold a tree of their own: below a field of this type a column path
 * goes on as keys into each value, not as child fields ({@link FieldPath}: {@code v.a.b} is key
 * {@code b} of key {@code a} of Variant column {@code v}). The Variant extension type ({@code
 * io.pqarrow.extension.VariantType}) is one.
 *
 * <p>The type says this of itself so that the path resolver, which every module's column options
 * use, need not know the extension types that sit above it.
 */
public interface KeyedValueType {}
