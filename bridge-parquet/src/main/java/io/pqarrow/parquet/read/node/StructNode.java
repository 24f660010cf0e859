package io.pqarrow.parquet.read.node;

import io.pqarrow.extension.ShreddedLayout;
import io.pqarrow.parquet.ParquetFileException;
import io.pqarrow.parquet.internal.encoding.BitWords;
import io.pqarrow.parquet.read.leaf.LeafDecoder;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * A struct (Parquet group), including the storage struct of a Variant and the {@code value}/{@code
 * typed_value} pairs inside a shredded one. For a pair whose {@code typed_value} is not an object,
 * it checks that {@code value} and {@code typed_value} are never both set ({@link
 * ShreddedLayout#isConflict}, docs/variant.md §3.5).
 */
public final class StructNode extends NodeAssembler {
  private final StructVector vector;
  private final List<NodeAssembler> children;
  private final LeafDecoder representative;
  private final String file;
  private final FieldVector pairValue;
  private final FieldVector pairTyped;

  /**
   * A struct above this one with the same slots and validity (this one is a required group directly
   * in it), whose validity bits this one copies; {@code null} to compute them.
   */
  private StructNode mirror;

  /** The slots of the batch just assembled. */
  private int slots;

  /**
   * @param pairValue the {@code value} child to check against {@code pairTyped}, or {@code null}
   *     when this is not a Variant pair that needs the check
   */
  StructNode(
      String path,
      int repLevel,
      int slotDef,
      int validDef,
      StructVector vector,
      List<NodeAssembler> children,
      String file,
      FieldVector pairValue,
      FieldVector pairTyped) {
    super(path, repLevel, slotDef, validDef);
    this.vector = vector;
    this.children = List.copyOf(children);
    this.file = file;
    this.pairValue = pairValue;
    this.pairTyped = pairTyped;
    LeafDecoder first = null;
    for (NodeAssembler child : children) {
      first = child.representative();
      if (first != null) {
        break;
      }
    }
    this.representative = first;
    for (NodeAssembler child : children) {
      if (child instanceof StructNode s
          && s.repLevel == repLevel
          && s.slotDef == slotDef
          && s.validDef == validDef) {
        s.mirror = this;
      }
    }
  }

  @Override
  LeafDecoder representative() {
    return representative;
  }

  @Override
  void wantLevels() {
    if (mirror == null && representative != null) {
      representative.levelsWanted = true;
    }
    for (NodeAssembler child : children) {
      child.wantLevels();
    }
  }

  @Override
  public void collectLeaves(List<LeafDecoder> out) {
    for (NodeAssembler child : children) {
      child.collectLeaves(out);
    }
  }

  @Override
  public void assemble(BatchRows rows) {
    if (mirror != null) {
      slots = mirror.slots;
      if (slots > 0) {
        vector.setNull(slots - 1);
        vector
            .getValidityBuffer()
            .setBytes(0, mirror.vector.getValidityBuffer(), 0, (slots + 7) / 8);
      }
    } else {
      slots = writeValidity();
    }
    for (NodeAssembler child : children) {
      child.assemble(rows);
    }
    if (pairValue != null) {
      checkPair(rows);
    }
  }

  /**
   * Gives this struct a slot for each triple of its representative leaf at or above its depth and
   * writes the slots' validity bits ({@link BitWords#writeSlots}); returns the number of slots.
   */
  private int writeValidity() {
    int[] rep = representative.rep;
    int[] def = representative.def;
    int n = representative.levelCount;
    if (n == 0) {
      return 0;
    }
    // Room for a slot per triple, the most there can be.
    vector.setNull(n - 1);
    // Without a list between this struct and the leaf every triple's repetition level is at most
    // the struct's: no pass over them.
    long written =
        BitWords.writeSlots(
            vector.getValidityBuffer(),
            0,
            representative.maxRep() > repLevel ? rep : null,
            repLevel,
            def,
            0,
            n,
            slotDef,
            validDef);
    return (int) (written >>> 32);
  }

  /**
   * Checks, 64 slots at a time, that no valid slot of this pair has both {@code value} and {@code
   * typed_value} set ({@link ShreddedLayout#isConflict} with a {@code typed_value} that is not an
   * object). A child whose trailing slots are all null has not grown its validity buffer to them:
   * bits past its buffer read as clear.
   */
  private void checkPair(BatchRows rows) {
    if (pairValue instanceof NullVector || pairTyped instanceof NullVector) {
      return;
    }
    ArrowBuf own = vector.getValidityBuffer();
    ArrowBuf value = pairValue.getValidityBuffer();
    ArrowBuf typed = pairTyped.getValidityBuffer();
    long ownLimit = own.capacity();
    long valueLimit = value.capacity();
    long typedLimit = typed.capacity();
    for (int first = 0; first < slots; first += 64) {
      long at = first >>> 3;
      long both =
          BitWords.wordAt(own, at, ownLimit)
              & BitWords.wordAt(value, at, valueLimit)
              & BitWords.wordAt(typed, at, typedLimit);
      int inWord = Math.min(64, slots - first);
      if (inWord < 64) {
        both &= (1L << inWord) - 1;
      }
      if (both != 0) {
        int slot = first + Long.numberOfTrailingZeros(both);
        throw ParquetFileException.invalid(
            file,
            path,
            rows.fileRow(batchRowOf(slot)),
            "shredded Variant has both value and typed_value, and typed_value is not an object",
            null);
      }
    }
  }

  /** The batch row of slot {@code slot} of this struct, found by walking its levels again. */
  private int batchRowOf(int slot) {
    if (mirror != null) {
      return mirror.batchRowOf(slot);
    }
    int[] rep = representative.rep;
    int[] def = representative.def;
    int row = -1;
    int seen = 0;
    for (int i = 0; i < representative.levelCount; i++) {
      if (rep[i] == 0) {
        row++;
      }
      if (rep[i] <= repLevel && def[i] >= slotDef && seen++ == slot) {
        break;
      }
    }
    return Math.max(row, 0);
  }
}
