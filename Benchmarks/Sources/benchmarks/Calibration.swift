import Synchronization

final class CalibrationObject {
  var value = 0
}

let calibrationMutex = Mutex(0)

/// ns to allocate and release one small class instance.
func calibrateAllocation() -> Double {
  let count = 2_000_000
  return measure(elements: count) {
    for index in 0..<count {
      let object = CalibrationObject()
      object.value = index
      blackHole(object)
    }
  }
}

/// ns for one uncontended `Mutex` lock and unlock.
func calibrateMutex() -> Double {
  let count = 5_000_000
  return measure(elements: count) {
    for index in 0..<count {
      calibrationMutex.withLock { $0 &+= index }
    }
    blackHole(calibrationMutex.withLock { $0 })
  }
}
