package app.kami.play

import java.io.File
import java.io.FileOutputStream
import java.io.IOException
import java.nio.file.Files
import java.nio.file.StandardCopyOption

/**
 * Named byte blobs that outlive the process, one file per name in [directory] (on Android, a
 * folder in the app's `filesDir`): the core's game and progress saves, and the settings.
 * Names are short lowercase words (`a`–`z`, `0`–`9`, `-`, `.`).
 *
 * A write goes to a temporary file, is flushed to the disk, then replaces the old file in one
 * atomic rename: a crash or power cut mid-write leaves the previous save whole. Calls block on
 * disk I/O; on Android make them off the main thread where that matters.
 */
class SaveStore(private val directory: File) {
    /** The bytes last written under [name], or null if there are none. */
    @Throws(IOException::class)
    fun read(name: String): ByteArray? = fileOf(name).takeIf { it.isFile }?.readBytes()

    /** Replaces what is stored under [name] with [bytes], all or nothing. */
    @Throws(IOException::class)
    fun write(name: String, bytes: ByteArray) {
        val target = fileOf(name)
        directory.mkdirs()
        val temporary = File.createTempFile("$name.", ".tmp", directory)
        try {
            FileOutputStream(temporary).use { out ->
                out.write(bytes)
                out.fd.sync()
            }
            Files.move(temporary.toPath(), target.toPath(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
        } finally {
            temporary.delete()
        }
    }

    /** Removes what is stored under [name], if anything. */
    @Throws(IOException::class)
    fun delete(name: String) {
        Files.deleteIfExists(fileOf(name).toPath())
    }

    /**
     * Moves what is stored under [name] to [newName], replacing anything there; does nothing if
     * [name] holds nothing. Keeps a save this version cannot read (say, one from a newer version)
     * out of the way of new saves instead of overwriting it.
     */
    @Throws(IOException::class)
    fun rename(name: String, newName: String) {
        val source = fileOf(name)
        if (source.isFile) {
            Files.move(source.toPath(), fileOf(newName).toPath(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
        }
    }

    private fun fileOf(name: String): File {
        require(NAME.matches(name)) { "not a save name: \"$name\"" }
        return File(directory, name)
    }

    private companion object {
        val NAME = Regex("[a-z0-9][a-z0-9.-]*")
    }
}
