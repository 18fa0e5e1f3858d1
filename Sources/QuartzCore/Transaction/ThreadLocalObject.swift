import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One object per thread, made on the thread's first use and released when the thread exits.
///
/// Why not `Thread.current.threadDictionary`: every layer property change reads the thread's transaction stack,
/// and the dictionary lookup (a Foundation thread object, a hashed string key, a dynamic cast) was a tenth of
/// building a large layer tree. A POSIX thread-specific slot is a load.
final class ThreadLocalObject<Object: AnyObject>: @unchecked Sendable {
    private var key = pthread_key_t()
    private let make: () -> Object

    /// (Made once per kind of object, as a static: a key is never deleted.)
    init(_ make: @escaping () -> Object) {
        self.make = make
        // The slot holds a retained reference; the thread's exit releases it.
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
    }

    /// This thread's object.
    var value: Object {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
        }
        let object = make()
        pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
        return object
    }
}
