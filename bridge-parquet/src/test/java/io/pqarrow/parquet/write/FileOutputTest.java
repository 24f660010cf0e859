package io.pqarrow.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.apache.parquet.io.PositionOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link FileOutput} writes every byte in order and tells its position as it goes. */
class FileOutputTest {
  @TempDir Path dir;

  @Test
  void bytesAndPositionsAcrossTheBuffer() throws Exception {
    Path file = dir.resolve("out.bin");
    Files.write(file, new byte[FileOutput.BUFFER * 3]); // replaced, not kept
    Random random = new Random(7);
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    try (PositionOutputStream out = new FileOutput(file).createOrOverwrite(0)) {
      // Single bytes, pieces smaller than the buffer, and pieces larger than it, unaligned.
      int[] sizes = {1, 7, 8192, FileOutput.BUFFER - 3, 1, FileOutput.BUFFER * 2 + 5, 0, 100};
      for (int size : sizes) {
        byte[] piece = new byte[size + 4];
        random.nextBytes(piece);
        if (size == 1) {
          out.write(piece[0]);
          expected.write(piece[0]);
        } else {
          out.write(piece, 2, size);
          expected.write(piece, 2, size);
        }
        assertEquals(expected.size(), out.getPos(), "position after a piece of " + size);
      }
      out.flush();
      assertEquals(expected.size(), Files.size(file), "flushed");
    }
    assertArrayEquals(expected.toByteArray(), Files.readAllBytes(file));
  }

  @Test
  void createRefusesAnExistingFile() throws Exception {
    Path file = dir.resolve("there.bin");
    Files.write(file, new byte[] {1, 2});
    assertThrows(FileAlreadyExistsException.class, () -> new FileOutput(file).create(0));
    assertArrayEquals(new byte[] {1, 2}, Files.readAllBytes(file));
  }
}
