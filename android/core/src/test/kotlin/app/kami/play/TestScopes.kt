package app.kami.play

import kotlinx.coroutines.CoroutineExceptionHandler
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.SupervisorJob
import kotlinx.coroutines.cancel
import java.util.concurrent.ConcurrentLinkedQueue
import kotlin.test.assertEquals

/**
 * Runs [test] with a coroutine scope for hint searches and saves, cancelled afterwards. Fails
 * if any coroutine in it threw (on Android that would crash the app).
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
