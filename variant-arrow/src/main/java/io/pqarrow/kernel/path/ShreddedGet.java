package io.pqarrow.kernel.path;

import io.pqarrow.BridgeException;
import io.pqarrow.ErrorKind;
import io.pqarrow.ErrorLocation;
import io.pqarrow.Limits;
import io.pqarrow.extension.ShreddedLayout;
import io.pqarrow.extension.VariantType;
import io.pqarrow.extension.VariantVector;
import io.pqarrow.kernel.KernelException;
import io.pqarrow.kernel.PathExpression;
import io.pqarrow.kernel.cast.CastContext;
import io.pqarrow.kernel.cast.ValueWriter;
import io.pqarrow.shred.ShredOptions;
import io.pqarrow.shred.Shredding;
import io.pqarrow.variant.EncodedVariant;
import io.pqarrow.variant.VariantBuilder;
import io.pqarrow.variant.VariantFormatException;
import io.pqarrow.variant.VariantMetadata;
import io.pqarrow.variant.VariantReader;
import io.pqarrow.variant.VariantTypeException;
import io.pqarrow.variant.arrow.BinarySlots;
import io.pqarrow.variant.arrow.VariantColumnReader;
import io.pqarrow.variant.arrow.VariantVectorException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * variant_get over shredded storage (docs/variant.md §3.5, §7.4). The path is first matched against
 * the shredding schema once: the chain of {@link ShreddedLevel}s its leading steps reach. Per row
 * the kernel walks that chain by slot (struct fields keep the slot, list elements move to the
 * element's slot) and stops at the first level where the row is not shredded:
 *
 * <ul>
 *   <li>the path ends on a primitive {@code typed_value} that is set: the typed column serves the
 *       row directly: when the target's writer takes the typed column as it is ({@link
 *       io.pqarrow.kernel.cast.ValueWriter#copiesColumn}: the same type, decimals excepted, whose
 *       digits are checked against the column's precision) and the path crosses no array, as a
 *       column ({@link TypedTransfer}: validity by words, values shared or copied in bulk, the
 *       remaining rows below), else copied slot to slot; otherwise converted through the casting
 *       rules;
 *   <li>{@code typed_value} is null: the residual {@code value} bytes hold the value, and the rest
 *       of the path is followed inside them (only these rows touch Variant bytes); when the path is
 *       keys through shredded objects to a shredded field whose {@code value} holds a scalar the
 *       writer takes directly (DuckDB keeps integers there), {@link ResidualScalars} stores it in
 *       place, without the pair rule per level;
 *   <li>a key the schema does not shred: it can only be in the residual object of that level;
 *   <li>both null: a missing object field, or Variant null at the top level and in array elements.
 * </ul>
 *
 * Each slot is read by the pair rule ({@link ShreddedLevel#read}, lenient): {@code typed_value}
 * wins over a {@code value} set beside a primitive or an array, and an element with both null is
 * Variant null. Typed slots become Variant values by the shredded-type table, decimals at the width
 * of the column's precision, exactly as unshredding gives them; a decimal slot holding more digits
 * than its column declares is a malformed row.
 *
 * <p>Whole values are never rebuilt, except when the path ends on a shredded object or array (for
 * example {@code $} of a shredded column, or {@code $.a} where {@code a} is a shredded struct):
 * when the path is of keys only, the rows typed on every level are rebuilt together, column by
 * column ({@link Shredding#unshredAt}: one sorted metadata for the batch, nothing allocated per
 * row), and each row is then written from there; any other such row is rebuilt with the call's one
 * {@link VariantBuilder} (reset per row), its encoded bytes allocated per row.
 */
public final class ShreddedGet {
  private static final ByteBuffer NULL_BYTES = ByteBuffer.wrap(new byte[] {0});

  private ShreddedGet() {}

  /**
   * The row loop over shredded storage; the levels are matched when the call starts. Values rebuilt
   * in bulk are held in vectors of {@code allocator}, the call's: the output vector's own allocator
   * cannot serve, since some vectors have none (a {@code Null} target's {@code NullVector}).
   */
  public static GetKernel.Rows rows(
      VariantColumnReader input, PathExpression path, Limits limits, BufferAllocator allocator) {
    return (ctx, writer, out, outcome) -> {
      StructVector storage = input.vector().getUnderlyingVector();
      ShreddedLevel top =
          new ShreddedLevel(
              (FieldVector) storage.getChild(VariantType.VALUE),
              input.typedValueVector(),
              ShreddedLayout.Level.TOP,
              input.vector().getName());
      new Run(input, path, top, ctx, writer, out, limits, allocator).loop(outcome);
    };
  }

  /** The state of one call. */
  private static final class Run {
    private final VariantColumnReader input;
    private final PathExpression path;
    private final CastContext ctx;
    private final ValueWriter writer;
    private final FieldVector out;
    private final ShreddedLevel[] chain;
    private final boolean copyTyped;
    // Bounds of a variable-width typed column copied as is: Arrow's copy does not check offsets.
    private final BinarySlots copiedSlots;
    private final PathWalker walker;
    // Rows whose value is a scalar in the residual value of the field the path ends on; set up on
    // the first row that needs it, so a path served whole from typed_value never pays for it.
    private ResidualScalars residual;
    private boolean residualChecked;
    private final VariantReader bytes = new VariantReader();
    private final VariantReader nullValue = new VariantReader();
    // One builder per call, reset before each converted row (dictionary included).
    private final VariantBuilder builder;
    private final Limits limits;
    private final BufferAllocator allocator;

    Run(
        VariantColumnReader input,
        PathExpression path,
        ShreddedLevel top,
        CastContext ctx,
        ValueWriter writer,
        FieldVector out,
        Limits limits,
        BufferAllocator allocator) {
      this.input = input;
      this.allocator = allocator;
      this.builder = new VariantBuilder(limits);
      this.limits = limits;
      this.path = path;
      this.ctx = ctx;
      this.writer = writer;
      this.out = out;
      this.walker = new PathWalker(path, ctx);
      // The levels the path's leading steps reach in the shredding schema.
      ShreddedLevel[] levels = new ShreddedLevel[path.size() + 1];
      levels[0] = top;
      int depth = 0;
      while (depth < path.size()) {
        ShreddedLevel l = levels[depth];
        PathExpression.Step step = path.steps().get(depth);
        ShreddedLevel next =
            step.isKey() && l.shape == ShreddedLevel.Shape.OBJECT
                ? l.fields.get(step.key())
                : !step.isKey() && l.shape == ShreddedLevel.Shape.ARRAY ? l.element : null;
        if (next == null) {
          break;
        }
        levels[++depth] = next;
      }
      this.chain = java.util.Arrays.copyOf(levels, depth + 1);
      ShreddedLevel last = chain[depth];
      // The writer says whether the typed column's slots go into its vector as they are.
      this.copyTyped =
          depth == path.size()
              && last.shape == ShreddedLevel.Shape.PRIMITIVE
              && writer.copiesColumn(last.typed);
      this.copiedSlots =
          copyTyped
                  && (last.typed instanceof BaseVariableWidthVector
                      || last.typed instanceof BaseLargeVariableWidthVector
                      || last.typed instanceof BaseVariableWidthViewVector)
              ? BinarySlots.of("typed_value of " + path, last.typed, last.typed.getValueCount())
              : null;
    }

    /** The residual-scalar rows of this call (null: none can be), set up on first use. */
    private ResidualScalars residual() {
      if (!residualChecked) {
        residual = ResidualScalars.of(input, path, chain, writer);
        residualChecked = true;
      }
      return residual;
    }

    void loop(GetKernel.Outcome outcome) {
      if (copyTyped && TypedTransfer.copy(input, chain, out, i -> restRow(i, outcome))) {
        return;
      }
      int n = input.rowCount();
      ResidualScalars scalars = residual();
      if (scalars != null) {
        scalars.allocate(n);
      }
      BitSet bulk = new BitSet();
      try (VariantVector rebuilt = rebuildInBulk(bulk)) {
        VariantColumnReader rows = rebuilt == null ? null : VariantColumnReader.of(rebuilt);
        for (int i = 0; i < n; i++) {
          if (input.isSqlNull(i)) {
            writer.writeNull(i);
          } else if (rows != null && bulk.get(i)) {
            rebuiltRow(rows, i, outcome);
          } else {
            restRow(i, outcome);
          }
        }
      }
    }

    /** Row {@code i}, not SQL NULL: from its residual scalar when it has one, else row by row. */
    private void restRow(int i, GetKernel.Outcome outcome) {
      ResidualScalars scalars = residual();
      if (scalars == null || !scalars.put(i)) {
        slowRow(i, outcome);
      }
    }

    /**
     * A path of keys that ends on a shredded object or array: the values of the rows whose every
     * level on the path is typed, rebuilt column by column ({@link Shredding#unshredAt}) into a
     * vector whose row i is row i's value (the rows in {@code bulk}); null when the path is not of
     * that kind, no row is, or the levels below hold storage the strict rebuild refuses (the rows
     * are then read one by one, leniently, as before).
     */
    private VariantVector rebuildInBulk(BitSet bulk) {
      ShreddedLevel last = chain[chain.length - 1];
      if (chain.length - 1 != path.size()
          || (last.shape != ShreddedLevel.Shape.OBJECT
              && last.shape != ShreddedLevel.Shape.ARRAY)) {
        return null;
      }
      List<String> keys = new ArrayList<>();
      for (PathExpression.Step step : path.steps()) {
        if (!step.isKey()) {
          return null;
        }
        keys.add(step.key());
      }
      int n = input.rowCount();
      for (int i = 0; i < n; i++) {
        if (!input.isSqlNull(i) && typedAllTheWay(i)) {
          bulk.set(i);
        }
      }
      if (bulk.isEmpty()) {
        return null;
      }
      try {
        return Shredding.unshredAt(
            input.vector(), keys, bulk, ShredOptions.builder().limits(limits).build(), allocator);
      } catch (BridgeException refused) {
        bulk.clear();
        return null;
      }
    }

    /** Whether every level of the chain holds row {@code i}'s value in {@code typed_value}. */
    private boolean typedAllTheWay(int i) {
      for (ShreddedLevel l : chain) {
        ShreddedLayout.Reading r = l.read(i);
        if (r != ShreddedLayout.Reading.TYPED && r != ShreddedLayout.Reading.MERGED_OBJECT) {
          return false;
        }
      }
      return true;
    }

    /** Row {@code i} from the values {@link #rebuildInBulk} rebuilt. */
    private void rebuiltRow(VariantColumnReader rows, int i, GetKernel.Outcome outcome) {
      try {
        rows.read(i, bytes);
        ctx.useMetadata(bytes.metadata());
        outcome.record(i, bytes, writer, ctx);
      } catch (VariantFormatException | VariantTypeException | VariantVectorException e) {
        outcome.malformed(i, writer, e);
      }
    }

    /** Row {@code i}, not SQL NULL, through the pair rule level by level. */
    private void slowRow(int i, GetKernel.Outcome outcome) {
      try {
        ctx.useMetadata(input.metadata(i));
        row(i, outcome);
      } catch (VariantFormatException | VariantTypeException | VariantVectorException e) {
        outcome.malformed(i, writer, e);
      }
    }

    private void row(int i, GetKernel.Outcome outcome) {
      int slot = i;
      int depth = 0;
      while (true) {
        ShreddedLevel l = chain[depth];
        ShreddedLayout.Reading reading = l.read(slot);
        if (reading == ShreddedLayout.Reading.MISSING) {
          outcome.record(i, null, writer, ctx);
          return;
        }
        if (reading == ShreddedLayout.Reading.VARIANT_NULL) {
          // The rest of a path into Variant null is missing.
          outcome.record(i, depth < path.size() ? null : variantNull(), writer, ctx);
          return;
        }
        if (reading == ShreddedLayout.Reading.VALUE) {
          // Not shredded here: the rest of the path is inside the residual bytes.
          VariantReader v = l.value.read(slot, ctx.metadata(), bytes, i);
          outcome.record(i, walker.walk(v, depth), writer, ctx);
          return;
        }
        // TYPED (typed_value wins over a value beside a primitive or array) or MERGED_OBJECT.
        if (depth == path.size()) {
          typedValue(l, slot, i, outcome);
          return;
        }
        if (depth == chain.length - 1) {
          // A step the schema does not shred: only an object's residual can hold the key.
          PathExpression.Step step = path.steps().get(depth);
          if (step.isKey() && reading == ShreddedLayout.Reading.MERGED_OBJECT) {
            VariantReader v = l.value.read(slot, ctx.metadata(), bytes, i);
            outcome.record(i, walker.walk(v, depth), writer, ctx);
          } else {
            outcome.record(i, null, writer, ctx);
          }
          return;
        }
        if (l.shape == ShreddedLevel.Shape.ARRAY) {
          int index = path.steps().get(depth).index();
          if (index >= l.list.length(slot)) {
            outcome.record(i, null, writer, ctx);
            return;
          }
          slot = l.list.start(slot) + index;
        }
        depth++;
      }
    }

    private void typedValue(ShreddedLevel l, int slot, int i, GetKernel.Outcome outcome) {
      if (copyTyped) {
        if (copiedSlots != null) {
          copiedSlots.position(slot);
        }
        out.copyFromSafe(slot, i, l.typed);
        return;
      }
      // Reset, not just emptied by build(): the row's metadata holds its own keys only, and a
      // value a bad row left half-written is dropped.
      builder.reset();
      try {
        if (l.shape == ShreddedLevel.Shape.PRIMITIVE) {
          l.encoder.append(slot, builder);
        } else {
          rebuild(builder, l, slot, i);
        }
      } catch (BridgeException bad) {
        // A typed slot with no Variant value (a decimal beyond its column's precision), or bad
        // residual bytes of a rebuilt object or array.
        outcome.malformed(i, writer, bad);
        return;
      }
      EncodedVariant e = builder.build();
      VariantMetadata rowMetadata = ctx.metadata();
      VariantMetadata m = VariantMetadata.of(e.metadata());
      ctx.useMetadata(m);
      bytes.reset(m, ByteBuffer.wrap(e.value()), 0, e.value().length, i);
      outcome.record(i, bytes, writer, ctx);
      ctx.useMetadata(rowMetadata);
    }

    /** Appends the value of level {@code l} at {@code slot} (shredded parts and residual). */
    private void rebuild(VariantBuilder builder, ShreddedLevel l, int slot, int row) {
      ShreddedLayout.Reading reading = l.read(slot);
      switch (reading) {
        case MISSING, VARIANT_NULL -> {
          builder.appendNull(); // a missing field is skipped by the caller
          return;
        }
        case VALUE -> {
          builder.appendVariant(l.value.read(slot, ctx.metadata(), new VariantReader(), row));
          return;
        }
        default -> {}
      }
      switch (l.shape) {
        case PRIMITIVE -> l.encoder.append(slot, builder);
        case ARRAY -> {
          if (!l.list.inBounds(slot)) {
            throw new KernelException(
                ErrorKind.INVALID_DATA,
                ErrorLocation.inColumn(l.path).withRow(row),
                "Invalid shredded Variant at "
                    + l.path
                    + ", row "
                    + row
                    + ": the array's elements lie outside its element column",
                null);
          }
          builder.startArray();
          int n = l.list.length(slot);
          int start = l.list.start(slot);
          for (int k = 0; k < n; k++) {
            rebuild(builder, l.element, start + k, row);
          }
          builder.endArray();
        }
        default -> {
          builder.startObject();
          for (java.util.Map.Entry<String, ShreddedLevel> f : l.fields.entrySet()) {
            ShreddedLevel fl = f.getValue();
            if (fl.read(slot) == ShreddedLayout.Reading.MISSING) {
              continue;
            }
            builder.appendKey(f.getKey());
            rebuild(builder, fl, slot, row);
          }
          if (reading == ShreddedLayout.Reading.MERGED_OBJECT) {
            VariantReader residual = l.value.read(slot, ctx.metadata(), new VariantReader(), row);
            VariantReader child = new VariantReader();
            for (int k = 0; k < residual.fieldCount(); k++) {
              builder.appendKey(residual.fieldName(k));
              builder.appendVariant(residual.fieldInto(k, child));
            }
          }
          builder.endObject();
        }
      }
    }

    private VariantReader variantNull() {
      return nullValue.reset(ctx.metadata(), NULL_BYTES, 0, 1);
    }
  }
}
