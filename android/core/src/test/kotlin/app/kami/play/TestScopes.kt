package app.kami.play

import kotlinx.coroutines.CoroutineDispatcher
import kotlinx.coroutines.CoroutineExceptionHandler
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.cancel
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.CountDownLatch
import java.util.concurrent.Executors
import kotlin.test.assertEquals

/**
 * Runs [test] with a coroutine scope for hint searches, cancelled afterwards. Fails if any
 * coroutine in it threw (on Android that would crash the app).
 */
fun <T> withScope(test: (CoroutineScope) -> T): T {
    val failures = ConcurrentLinkedQueue<Throwable>()
    val scope = CoroutineScope(SupervisorJob() + CoroutineExceptionHandler { _, e -> failures += e })
    try {
        return test(scope).also { assertEquals(emptyList(), failures.toList(), "coroutines failed") }
    } finally {
        scope.cancel()
    }
}

/** A dispatcher on one thread that runs nothing until [open] is called, and [drain], which waits for what was queued. */
class Gate : AutoCloseable {
    private val latch = CountDownLatch(1)
    private val executor = Executors.newSingleThreadExecutor().also { it.execute { latch.await() } }
    val dispatcher: CoroutineDispatcher = executor.asCoroutineDispatcher()

    fun open() = latch.countDown()

    fun drain() = runBlocking { withContext(dispatcher) {} }

    override fun close() = executor.shutdown()
}
