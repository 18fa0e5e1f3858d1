/// Objective-C's integer names, which Apple's SDK brings into Swift with Foundation (`NSInteger` is `Int`,
/// `NSUInteger` is `UInt`) and Foundation on Linux does not. Code that animates views uses them for counts and
/// indices; Calyx's frameworks all re-export CoreGraphics, so they are found wherever Apple's are.
public typealias NSInteger = Int
/// Objective-C's unsigned integer: `UInt`.
public typealias NSUInteger = UInt
